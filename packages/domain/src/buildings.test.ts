import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coordinatesPaired,
  createBuildingSchema,
  geocodeQueryReady,
  geocodeQuerySchema,
  fitInside,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  imageFileProblem,
  imageTypeProblem,
  updateBuildingFormSchema,
  updateBuildingSchema,
} from './buildings.ts';
import { MSG } from './messages.ts';
import { apartmentCreateFormSchema, apartmentEditFormSchema, createApartmentSchema, formatMt2, parseMt2 } from './apartments.ts';

const building = { name: 'Torre Sol', cata: '11-01-001', address: 'Bv. San Juan 1, Córdoba', floor: '8', cant_apartments: 16 };
const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

test('a building needs every field, with floors and apartments as digits only', () => {
  assert.deepEqual(createBuildingSchema.parse({ ...building, latitude: '-31,42', longitude: -64.19 }), {
    ...building,
    floor: 8,
    cant_apartments: 16,
    latitude: -31.42,
    longitude: -64.19,
  });
  assert.equal(createBuildingSchema.parse({ ...building, latitude: '', longitude: null }).latitude, null);
  assert.equal(firstMessage(createBuildingSchema.safeParse({ ...building, name: '  ' })), 'Debe completar todos los campos');
  assert.equal(firstMessage(createBuildingSchema.safeParse({ ...building, floor: '8a' })), 'Solo puedes ingresar numeros!');
  assert.equal(firstMessage(createBuildingSchema.safeParse({ ...building, cant_apartments: -3 })), 'Solo puedes ingresar numeros!');
  assert.equal(createBuildingSchema.safeParse({ ...building, latitude: -31 }).success, false, 'a lone coordinate');
});

test('editing a building: blank fields keep their values, the id is required', () => {
  const r = updateBuildingSchema.parse({ id: '4', name: '', floor: ' ', cata: 'N-1' });
  assert.equal(r.id, 4);
  assert.equal(r.name, undefined);
  assert.equal(r.floor, undefined);
  assert.equal(r.cata, 'N-1');
  assert.equal(updateBuildingSchema.safeParse({ name: 'X' }).success, false);
});

test('PUT coordinates: blank or absent keeps them, an explicit null clears them, pairs are checked on the merged values', () => {
  const kept = updateBuildingSchema.parse({ id: 1, latitude: '', longitude: '  ' });
  assert.equal(kept.latitude, undefined);
  assert.equal(kept.longitude, undefined);
  const absent = updateBuildingSchema.parse({ id: 1 });
  assert.equal(absent.latitude, undefined);
  const cleared = updateBuildingSchema.parse({ id: 1, latitude: null, longitude: null });
  assert.equal(cleared.latitude, null);
  assert.equal(cleared.longitude, null);
  // A lone latitude is fine here: the server pairs it with the stored longitude.
  assert.equal(updateBuildingSchema.parse({ id: 1, latitude: '-31,5' }).latitude, -31.5);
  assert.equal(firstMessage(updateBuildingSchema.safeParse({ id: 1, latitude: 95 })), 'La latitud debe estar entre -90 y 90');
  assert.equal(firstMessage(updateBuildingSchema.safeParse({ id: 1, longitude: 'oeste' })), 'La longitud debe estar entre -180 y 180');
  assert.equal(coordinatesPaired({ latitude: -31, longitude: null }), false);
  assert.equal(coordinatesPaired({ latitude: null, longitude: undefined }), true);
});

test('the edit form shows the current coordinates: blank boxes there mean none, and they go in pairs', () => {
  const form = { name: '', cata: '', address: '', floor: '', cant_apartments: '' };
  assert.deepEqual(updateBuildingFormSchema.parse({ ...form, latitude: '', longitude: '' }), {
    name: undefined,
    cata: undefined,
    address: undefined,
    floor: undefined,
    cant_apartments: undefined,
    latitude: null,
    longitude: null,
  });
  assert.equal(
    firstMessage(updateBuildingFormSchema.safeParse({ ...form, latitude: '-31', longitude: '' })),
    'Complete latitud y longitud, o ninguna',
  );
});

test('images: JPEG or PNG up to 5 MB', () => {
  assert.equal(imageTypeProblem({ type: 'image/jpeg', name: 'IMG_1.JPG' }), null, 'a picture of any size is of the right kind');
  assert.equal(imageTypeProblem({ type: '', name: 'foto.png' }), null);
  assert.equal(imageTypeProblem({ type: 'image/heic', name: 'IMG_1.HEIC' }), 'Tipo de archivo no soportado');
  assert.equal(imageFileProblem({ type: 'image/png', size: 1000, name: 'a.png' }), null);
  assert.equal(imageFileProblem({ type: 'image/gif', size: 1000, name: 'a.gif' }), 'Tipo de archivo no soportado');
  assert.match(imageFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024, name: 'a.jpg' })!, /5 MB/);
});

test('the image limit is one constant, and the message names it', () => {
  assert.equal(IMAGE_MAX_BYTES, 5 * 1024 * 1024);
  assert.equal(MSG.payloadTooLarge, 'El archivo es demasiado grande (máximo 5 MB)');
  assert.equal(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES, name: 'a.png' }), null);
  assert.equal(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1, name: 'a.png' }), MSG.payloadTooLarge);
});

test('a picture is scaled to fit the stored size, keeping its proportions, never enlarged', () => {
  assert.equal(IMAGE_MAX_SIDE, 1600);
  assert.deepEqual(fitInside(4032, 3024), { width: 1600, height: 1200 });
  assert.deepEqual(fitInside(3024, 4032), { width: 1200, height: 1600 });
  assert.deepEqual(fitInside(1600, 900), { width: 1600, height: 900 });
  assert.deepEqual(fitInside(800, 600), { width: 800, height: 600 });
  assert.deepEqual(fitInside(10000, 3), { width: 1600, height: 1 });
  assert.deepEqual(fitInside(1000, 333, 500), { width: 500, height: 167 });
});

test('building text refuses control characters; the id is the shared id', () => {
  for (const field of ['name', 'cata', 'address'] as const) {
    assert.equal(firstMessage(createBuildingSchema.safeParse({ ...building, [field]: 'Torre\u0000' })), MSG.badChars, field);
    assert.equal(firstMessage(updateBuildingSchema.safeParse({ id: 1, [field]: '\u0000' })), MSG.badChars, field);
  }
  assert.equal(createBuildingSchema.parse({ ...building, address: 'Bv. San Juan 1\tCórdoba' }).address, 'Bv. San Juan 1\tCórdoba');
  assert.equal(updateBuildingSchema.safeParse({ id: 2 ** 31 }).success, false, 'beyond a database integer');
  assert.equal(updateBuildingSchema.parse({ id: 2 ** 31 - 1 }).id, 2 ** 31 - 1);
});

test('address search: from three characters, at most an address long, no control characters', () => {
  assert.equal(geocodeQuerySchema.parse({}).q, '');
  assert.equal(geocodeQuerySchema.parse({ q: '  San Juan 650 ' }).q, 'San Juan 650');
  assert.equal(geocodeQueryReady(' ab '), false);
  assert.equal(geocodeQueryReady('abc'), true);
  assert.equal(geocodeQuerySchema.safeParse({ q: 'x'.repeat(201) }).success, false);
  assert.equal(geocodeQuerySchema.safeParse({ q: 'x'.repeat(200) }).success, true);
  assert.equal(firstMessage(geocodeQuerySchema.safeParse({ q: 'San\u0000Juan' })), MSG.badChars);
});

test('square metres are read the Argentine way', () => {
  assert.equal(parseMt2('62,5'), 62.5);
  assert.equal(parseMt2('1.250,75'), 1250.75);
  assert.equal(parseMt2("1'250"), 1250);
  assert.equal(parseMt2('48.5'), 48.5);
  assert.ok(Number.isNaN(parseMt2('1.2.3')));
  assert.ok(Number.isNaN(parseMt2(',,')));
  assert.equal(formatMt2(48), '48,00');
});

test('apartment create and edit forms apply the bounds of spec §5', () => {
  const ok = { building: 1, cata_apartment: 'UF 12', mt2: '48', number_apartment: '1A', state: '1' };
  assert.deepEqual(apartmentCreateFormSchema.parse(ok), { ...ok, state: 1 });
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, cata_apartment: 'UF' })), 'Es muy corto');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, cata_apartment: 'UF#12' })), 'Contiene caracteres no aceptados');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, mt2: '4' })), 'Es muy corto');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, mt2: '4x' })), 'Solo se permiten numeros, comas y puntos');
  assert.equal(
    firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, number_apartment: '1a' })),
    'Solo se permiten mayusculas y numeros',
  );
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, number_apartment: '123456' })), 'Es muy largo');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...ok, building: 0 })), 'Debe completar todos los campos');

  const edit = { cata_apartment: 'UF', mt2: '48,00', number_apartment: '123456', state: 0 };
  assert.equal(apartmentEditFormSchema.safeParse(edit).success, true);
  assert.equal(firstMessage(apartmentEditFormSchema.safeParse({ ...edit, cata_apartment: 'U' })), 'Es muy corto');
  assert.equal(firstMessage(apartmentEditFormSchema.safeParse({ ...edit, mt2: '48' })), 'Es muy corto');
});

test('the server accepts what either form accepts, mt2 as a number', () => {
  const body = { building: 3, cata_apartment: 'UF 12', mt2: 62.5, number_apartment: '123456', state: 1 };
  assert.equal(createApartmentSchema.parse(body).mt2, 62.5);
  assert.equal(createApartmentSchema.parse({ ...body, mt2: '62,5' }).mt2, 62.5);
  assert.equal(createApartmentSchema.parse({ ...body, cata_apartment: 'UF' }).cata_apartment, 'UF');
  assert.equal(firstMessage(createApartmentSchema.safeParse({ ...body, mt2: -1 })), 'No se puede ingresar numeros negativos');
  assert.equal(createApartmentSchema.safeParse({ ...body, mt2: 1.005 }).success, false);
  assert.equal(createApartmentSchema.safeParse({ ...body, state: 2 }).success, false);
});
