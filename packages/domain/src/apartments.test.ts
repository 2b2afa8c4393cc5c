import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  apartmentCreateFormSchema,
  apartmentEditFormSchema,
  createApartmentSchema,
  mt2Problem,
  updateApartmentSchema,
} from './apartments.ts';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

test('state is 1 or 0, as numbers or as the form radio values; nothing is coerced into them', () => {
  const body = { cata_apartment: 'UF 12', mt2: 50, number_apartment: '1A' };
  for (const [state, expected] of [
    [1, 1],
    [0, 0],
    ['1', 1],
    ['0', 0],
  ] as const) {
    assert.equal(updateApartmentSchema.parse({ ...body, state }).state, expected, JSON.stringify(state));
  }
  for (const state of [null, '', ' ', true, false, 2, -1, '01', '1.0', 1.5, [], undefined]) {
    const r = updateApartmentSchema.safeParse({ ...body, state });
    assert.equal(r.success, false, JSON.stringify(state));
    assert.equal(firstMessage(r), 'Debe completar todos los campos');
  }
  assert.equal(createApartmentSchema.safeParse({ ...body, building: 1, state: null }).success, false);
});

test('mt2: at most two decimals in the forms too, as the server requires', () => {
  const create = { building: 1, cata_apartment: 'UF 12', number_apartment: '1A', state: '0' };
  assert.equal(apartmentCreateFormSchema.parse({ ...create, mt2: '62,55' }).mt2, '62,55');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...create, mt2: '62,555' })), 'Solo se permiten hasta 2 decimales');
  assert.equal(firstMessage(apartmentCreateFormSchema.safeParse({ ...create, mt2: '62.555' })), 'Solo se permiten hasta 2 decimales');

  const edit = { cata_apartment: 'UF', number_apartment: '1A', state: '1' };
  assert.equal(firstMessage(apartmentEditFormSchema.safeParse({ ...edit, mt2: '1.250,755' })), 'Solo se permiten hasta 2 decimales');
  // The edit form allows 20 characters: more than the database keeps is refused there too.
  assert.equal(firstMessage(apartmentEditFormSchema.safeParse({ ...edit, mt2: '99.999.999.999,00' })), 'La superficie es demasiado grande');
  assert.equal(apartmentEditFormSchema.safeParse({ ...edit, mt2: '9.999.999.999,99' }).success, true);

  // Whatever the forms accept, the server accepts; what they refuse, it refuses with the same message.
  for (const mt2 of ['62,55', '1.250,75', '48', "1'250"]) {
    assert.equal(updateApartmentSchema.safeParse({ ...edit, mt2 }).success, true, mt2);
  }
  assert.equal(firstMessage(updateApartmentSchema.safeParse({ ...edit, mt2: '62,555' })), 'Solo se permiten hasta 2 decimales');
  assert.equal(firstMessage(updateApartmentSchema.safeParse({ ...edit, mt2: 62.555 })), 'Solo se permiten hasta 2 decimales');
  // Large areas with 2 decimals are exact too (a tolerance on n * 100 refused some of these).
  for (const mt2 of [154626034.23, 272779535.04, 9999999999.99]) assert.equal(mt2Problem(mt2), null, String(mt2));
});

test('mt2Problem names the first thing wrong with an area', () => {
  assert.equal(mt2Problem(62.5), null);
  assert.equal(mt2Problem(0), null);
  assert.equal(mt2Problem(Number.NaN), 'Solo se permiten numeros, comas y puntos');
  assert.equal(mt2Problem(-1), 'No se puede ingresar numeros negativos');
  assert.equal(mt2Problem(1.005), 'Solo se permiten hasta 2 decimales');
  assert.equal(mt2Problem(1e10), 'La superficie es demasiado grande');
});
