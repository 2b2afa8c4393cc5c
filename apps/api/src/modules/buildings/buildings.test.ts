import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { BUILDING_BOUNDS, ID_MAX, IMAGE_MAX_TEXT, MSG } from '@consorcio/domain';
import { planWithoutSeqScan } from '../../test/plan.ts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, buildings, expenses, settlements, spendings } from '../../db/schema.ts';
import { LocalFileStorage } from '../../lib/storage.ts';
import { GEOCODER_TIMEOUT_MS, NominatimGeocoder, type Scheduler } from '../../lib/geocoder.ts';
import type { Principal } from '../../plugins/auth.ts';
import { buildingByImageQuery } from './buildings.repository.ts';

const fields = { name: 'Torre Sol', cata: '11-01-099', address: 'Av. Colón 1000, Córdoba', floor: '7', cant_apartments: '14' };

function multipart(body: object, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const fd = new FormData();
  fd.append('body', JSON.stringify(body));
  if (image) fd.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return fd;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF metadata, as phones write it (with the place it was taken). */
const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secreto', ImageDescription: 'casa de Ana' } })
    .toBuffer();

/** A PNG with a tEXt chunk right after IHDR, as editors write authors, places or comments. */
async function pngWithText(keyword: string, text: string): Promise<Buffer> {
  const plain = await png();
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const type = Buffer.from('tEXt', 'ascii');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const afterIhdr = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([plain.subarray(0, afterIhdr), len, type, data, crc, plain.subarray(afterIhdr)]);
}

/** A multipart body written by hand: parts without a file name, or with odd types, as some clients send them. */
function rawMultipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----consorcio-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function newAdminClient(t: TestServer): Promise<{ client: HttpClient; id: number; token: string }> {
  const admin = await buildAdmin(t.database.db);
  const client = t.client();
  const login = await client.login(admin.email, admin.password);
  return { client, id: admin.id, token: login.body.token };
}

/** Sends a hand-written multipart request with a bearer token. */
async function sendRaw(t: TestServer, token: string, method: string, url: string, parts: Parameters<typeof rawMultipart>[0]) {
  const { body, contentType } = rawMultipart(parts);
  const res = await fetch(t.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

describe('buildings', () => {
  let t: TestServer;
  let uploads: string;
  before(async () => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    t = await startTestServer({ services: { storage: new LocalFileStorage(uploads) } });
  });
  after(async () => {
    await t.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  test('an administrator creates a building with an image, reads it, lists it and fetches the image', async () => {
    const { client } = await newAdminClient(t);
    const created = await client.post(
      '/api/buildings',
      multipart({ ...fields, latitude: -31.41, longitude: -64.18 }, { bytes: await png(), name: 'foto.png', type: 'image/png' }),
    );
    assert.equal(created.status, 201, created.text);
    const b = created.body;
    assert.deepEqual(Object.keys(b).sort(), [
      'address',
      'cant_apartments',
      'cata',
      'floor',
      'id',
      'image',
      'latitude',
      'longitude',
      'name',
    ]);
    assert.equal(b.floor, 7);
    assert.equal(b.cant_apartments, 14);
    assert.equal(b.latitude, -31.41);
    assert.match(b.image, /^\/api\/files\/buildings\/[0-9a-f-]{36}\.png$/, 'the server names the file');

    const found = await client.get(`/api/buildings/findBuilding?id=${b.id}`);
    assert.equal(found.status, 200);
    assert.deepEqual(found.body, b);

    const list = await client.get('/api/buildings/all');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, { items: [b], total: 1 });

    const img = await client.get(b.image);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/png');
    assert.equal(img.headers.get('cache-control'), 'private, max-age=86400');
    assert.equal(img.headers.get('x-content-type-options'), 'nosniff');
    assert.equal((await t.client().get(b.image)).status, 401, 'images are for logged-in users');
    assert.equal((await client.get('/api/files/buildings/00000000-0000-0000-0000-000000000000.png')).status, 404);
    assert.equal((await client.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status, 404);
  });

  test('JSON bodies work too, and a building without coordinates has nulls', async () => {
    const { client } = await newAdminClient(t);
    const res = await client.post('/api/buildings/', { ...fields, floor: 3, cant_apartments: 6 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.image, null);
    assert.equal(res.body.latitude, null);
    assert.equal(res.body.longitude, null);
  });

  test('uploaded JPEGs are re-encoded without their metadata', async () => {
    const { client } = await newAdminClient(t);
    const original = await jpegWithExif();
    assert.ok((await sharp(original).metadata()).exif, 'the fixture carries EXIF');
    const res = await client.post('/api/buildings', multipart(fields, { bytes: original, name: 'x.jpg', type: 'image/jpeg' }));
    assert.equal(res.status, 201, res.text);
    const stored = fs.readFileSync(path.join(uploads, res.body.image.replace('/api/files/', '')));
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined);
    assert.ok(!stored.includes(Buffer.from('casa de Ana')));
  });

  test('a disguised file gets 415 and a file over 5 MB gets 413; nothing is stored', async () => {
    const { client } = await newAdminClient(t);
    const before = fs.readdirSync(uploads, { recursive: true }).length;
    const fake = await client.post(
      '/api/buildings',
      multipart(fields, { bytes: Buffer.from('<?php echo "hola"; ?>'), name: 'foto.png', type: 'image/png' }),
    );
    assert.equal(fake.status, 415);
    assert.deepEqual(fake.body, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Tipo de archivo no soportado' } });
    const gif = await client.post(
      '/api/buildings',
      multipart(fields, { bytes: Buffer.from('GIF89a....'), name: 'a.gif', type: 'image/gif' }),
    );
    assert.equal(gif.status, 415);

    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const tooBig = await client.post('/api/buildings', multipart(fields, { bytes: big, name: 'grande.png', type: 'image/png' }));
    assert.equal(tooBig.status, 413);
    assert.deepEqual(tooBig.body, { error: { code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge } });
    assert.equal(fs.readdirSync(uploads, { recursive: true }).length, before);
    assert.equal((await client.get('/api/buildings/all')).body.total, 0);
  });

  test('PNG text chunks (authors, places, comments) are stripped on upload', async () => {
    const { client } = await newAdminClient(t);
    const original = await pngWithText('Comment', 'Casa de Ana, Bv. San Juan 650');
    assert.ok((await sharp(original).metadata()).comments?.length, 'the fixture carries a tEXt chunk sharp can read');
    const res = await client.post('/api/buildings', multipart(fields, { bytes: original, name: 'x.png', type: 'image/png' }));
    assert.equal(res.status, 201, res.text);
    const stored = fs.readFileSync(path.join(uploads, res.body.image.replace('/api/files/', '')));
    assert.equal((await sharp(stored).metadata()).format, 'png');
    assert.equal((await sharp(stored).metadata()).comments, undefined);
    assert.ok(!stored.includes(Buffer.from('tEXt')), 'no text chunk left');
    assert.ok(!stored.includes(Buffer.from('Casa de Ana')));
  });

  test('an image part is judged by its content even without a file name; the body part may be typed JSON', async () => {
    const { token } = await newAdminClient(t);
    const body = { name: 'body', data: JSON.stringify(fields) };
    const nameless = await sendRaw(t, token, 'POST', '/api/buildings', [body, { name: 'image', type: 'image/png', data: await png() }]);
    assert.equal(nameless.status, 201, nameless.text);
    assert.match(nameless.body.image, /\.png$/, 'stored, not dropped');

    const octets = await sendRaw(t, token, 'POST', '/api/buildings', [
      body,
      { name: 'image', type: 'application/octet-stream', data: Buffer.from('no soy una imagen') },
    ]);
    assert.equal(octets.status, 415, 'a nameless part with text content');
    const text = await sendRaw(t, token, 'POST', '/api/buildings', [body, { name: 'image', data: 'no soy una imagen' }]);
    assert.equal(text.status, 415, 'a plain text part named image');

    // An empty file input, as browsers send it: no image, no error.
    const empty = await sendRaw(t, token, 'POST', '/api/buildings', [
      body,
      { name: 'image', filename: '', type: 'application/octet-stream', data: '' },
    ]);
    assert.equal(empty.status, 201, empty.text);
    assert.equal(empty.body.image, null);

    const typedJson = await sendRaw(t, token, 'POST', '/api/buildings', [{ ...body, type: 'application/json' }]);
    assert.equal(typedJson.status, 201, typedJson.text);
    assert.equal(typedJson.body.name, fields.name);
  });

  test('the OpenAPI description shows the multipart bodies and the responses of the building calls', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const post = doc.paths['/api/buildings'].post;
    const form = post.requestBody.content['multipart/form-data'].schema;
    assert.deepEqual(Object.keys(form.properties).sort(), ['body', 'image']);
    assert.equal(form.properties.image.format, 'binary');
    assert.ok(form.properties.body.properties.cant_apartments);
    assert.ok(post.responses['201']);
    const put = doc.paths['/api/buildings'].put;
    assert.ok(put.requestBody.content['multipart/form-data'].schema.properties.body.properties.id);
    assert.ok(put.responses['200']);
    assert.ok(doc.paths['/api/buildings/{id}'].delete.responses['204']);
    assert.ok(doc.paths['/api/apartments/delete/{id}'].delete.responses['204']);
  });

  test('the OpenAPI bodies are generated from the shared schemas, and the limit text from the one constant', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const post = doc.paths['/api/buildings'].post.requestBody.content['multipart/form-data'].schema;
    const put = doc.paths['/api/buildings'].put.requestBody.content['multipart/form-data'].schema;
    assert.deepEqual(post.required, ['body']);
    assert.deepEqual(post.properties.body.required.sort(), ['address', 'cant_apartments', 'cata', 'floor', 'name']);
    assert.equal(post.properties.body.properties.name.maxLength, BUILDING_BOUNDS.name);
    assert.ok(post.properties.body.properties.address.pattern, 'the shared text rule (no control characters)');
    assert.equal(post.properties.body.properties.floor.maxLength, BUILDING_BOUNDS.digits);
    assert.equal(put.properties.body.properties.id.maximum, ID_MAX, 'the shared id');
    assert.deepEqual(put.properties.body.required, ['id']);
    assert.ok(post.properties.image.description.includes(`hasta ${IMAGE_MAX_TEXT}`));
    const q = doc.paths['/api/geocode'].get.parameters.find((p: { name: string }) => p.name === 'q');
    assert.equal(q.schema.maxLength, BUILDING_BOUNDS.address);
  });

  test('a NUL in the name or the address answers 400 on POST and PUT, JSON or multipart', async () => {
    const { client } = await newAdminClient(t);
    const b = (await client.post('/api/buildings', fields)).body;
    for (const field of ['name', 'address', 'cata'] as const) {
      const bad = `Torre\u0000${field}`;
      for (const [label, send] of [
        ['POST json', () => client.post('/api/buildings', { ...fields, [field]: bad })],
        ['POST multipart', () => client.post('/api/buildings', multipart({ ...fields, [field]: bad }))],
        ['PUT json', () => client.put('/api/buildings', { id: b.id, [field]: bad })],
        ['PUT multipart', () => client.put('/api/buildings', multipart({ id: b.id, [field]: bad }))],
      ] as const) {
        const res = await send();
        assert.equal(res.status, 400, `${label} ${field}: ${res.text}`);
        assert.deepEqual(res.body.error, { code: 'VALIDATION', message: MSG.badChars, fields: { [field]: MSG.badChars } });
      }
    }
    assert.equal((await client.get('/api/buildings/all')).body.total, 1, 'nothing created');
    assert.equal((await client.get(`/api/buildings/findBuilding?id=${b.id}`)).body.name, fields.name, 'nothing changed');
    const tooBigId = await client.put('/api/buildings', multipart({ id: ID_MAX + 1, name: 'X' }));
    assert.equal(tooBigId.status, 400, tooBigId.text);
    assert.equal(tooBigId.body.error.fields.id, MSG.invalidValue);
  });

  test('a malformed multipart body (no boundary, cut off) answers 400 in the API format, never 500', async () => {
    const { token } = await newAdminClient(t);
    const json = JSON.stringify({ body: fields });
    const cutOff = rawMultipart([{ name: 'body', data: JSON.stringify(fields) }]).body.subarray(0, 60);
    for (const [method, contentType, body] of [
      ['POST', 'multipart/form-data', json],
      ['PUT', 'multipart/form-data', json],
      ['POST', 'multipart/form-data; boundary=----consorcio-test-boundary', new Uint8Array(cutOff)],
    ] as const) {
      const res = await fetch(`${t.baseUrl}/api/buildings`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body,
      });
      const text = await res.text();
      assert.equal(res.status, 400, `${method} ${contentType}: ${text}`);
      assert.equal(JSON.parse(text).error.code, 'VALIDATION');
    }
  });

  test("a building's image is served to its administrators and residents only; anyone else gets 404", async () => {
    const { a, b } = await twoTenants(t);
    const db = t.database.db;
    const put = await a.adminClient.put(
      '/api/buildings',
      multipart({ id: a.building.id }, { bytes: await png(), name: 'frente.png', type: 'image/png' }),
    );
    assert.equal(put.status, 200, put.text);
    const image: string = put.body.image;

    // A second administrator of the same building, and a resident of another building of the same administrator.
    const coAdmin = await buildAdmin(db, { name: 'Coadministradora' });
    await db.insert(buildingAdmins).values({ userId: coAdmin.id, buildingId: a.building.id });
    const coAdminClient = t.client();
    await coAdminClient.login(coAdmin.email, coAdmin.password);
    const otherBuilding = await buildBuilding(db, a.admin.id, { name: 'Edificio A2' });
    const otherApartment = await buildApartment(db, otherBuilding.id, { numberApartment: '2B', mt2: 40, state: 1 });
    const neighbour = await buildResident(db, otherApartment.id, { name: 'Vecina del A2' });
    const neighbourClient = t.client();
    await neighbourClient.login(neighbour.email, neighbour.password);

    for (const [who, client] of [
      ['its administrator', a.adminClient],
      ['another administrator of it', coAdminClient],
      ['its resident', a.residentClient],
    ] as const) {
      const res = await client.get(image);
      assert.equal(res.status, 200, who);
      assert.equal(res.headers.get('content-type'), 'image/png', who);
    }
    for (const [who, client] of [
      ['another administrator', b.adminClient],
      ["that administrator's resident", b.residentClient],
      ['a resident of another building of the same administrator', neighbourClient],
    ] as const) {
      const res = await client.get(image);
      assert.equal(res.status, 404, who);
      assert.deepEqual(res.body, { error: { code: 'NOT_FOUND', message: MSG.notFound } }, who);
    }
    const anonymous = await t.client().get(image);
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error.code, 'UNAUTHENTICATED');

    // A file whose folder names no kind of record, or that no record holds, is nobody's.
    const key = image.replace('/api/files/buildings/', '');
    assert.equal((await a.adminClient.get(`/api/files/complaints/${key}`)).status, 404);
    assert.equal((await a.adminClient.get(`/api/files/constructor/${key}`)).status, 404);

    // The image of an archived building goes with it.
    assert.equal((await a.adminClient.delete(`/api/buildings/${a.building.id}`)).status, 204);
    assert.equal((await a.adminClient.get(image)).status, 404);
    assert.equal((await a.residentClient.get(image)).status, 404);
  });

  test('the lookup from a file to its building is indexed: no scan, for administrators and residents', async () => {
    const { a } = await twoTenants(t);
    const callers: Principal[] = [
      { id: a.admin.id, role: 'admin', buildingId: null, apartmentId: null } as unknown as Principal,
      { id: a.resident.id, role: 'resident', buildingId: a.building.id, apartmentId: a.apartment.id } as unknown as Principal,
    ];
    for (const principal of callers) {
      const plan = await planWithoutSeqScan(t.database.db, (tx) => buildingByImageQuery(tx, principal, '/api/files/buildings/x.png'));
      assert.doesNotMatch(plan, /Seq Scan/, plan);
      const scans = plan.match(/Scan (using \S+ )?on buildings/g) ?? [];
      const conditions = plan.match(/(Index|Recheck) Cond/g) ?? [];
      assert.ok(scans.length > 0 && conditions.length >= scans.length, `every scan of buildings has an index condition:\n${plan}`);
    }
  });

  test('validation answers 400 with the Spanish messages of §5', async () => {
    const { client } = await newAdminClient(t);
    const blank = await client.post('/api/buildings', multipart({ ...fields, name: '  ' }));
    assert.equal(blank.status, 400);
    assert.deepEqual(blank.body, {
      error: { code: 'VALIDATION', message: 'Debe completar todos los campos', fields: { name: 'Debe completar todos los campos' } },
    });
    const letters = await client.post('/api/buildings', multipart({ ...fields, floor: '7º' }));
    assert.equal(letters.status, 400);
    assert.equal(letters.body.error.fields.floor, 'Solo puedes ingresar numeros!');
    const notJson = new FormData();
    notJson.append('body', '{not json');
    assert.equal((await client.post('/api/buildings', notJson)).status, 400);
  });

  test('editing: blank fields keep their values; a new image replaces the old file', async () => {
    const { client } = await newAdminClient(t);
    const b = (
      await client.post(
        '/api/buildings',
        multipart({ ...fields, latitude: -31.4, longitude: -64.2 }, { bytes: await png(), name: 'a.png', type: 'image/png' }),
      )
    ).body;
    const oldFile = path.join(uploads, b.image.replace('/api/files/', ''));
    assert.ok(fs.existsSync(oldFile));

    const kept = await client.put(
      '/api/buildings',
      multipart({ id: b.id, name: '', cata: '', address: ' ', floor: '', cant_apartments: '', latitude: '', longitude: '' }),
    );
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual(kept.body, b, 'blank coordinates keep their values too');
    const absent = await client.put('/api/buildings', { id: b.id, name: 'Torre Sol' });
    assert.equal(absent.status, 200, absent.text);
    assert.deepEqual(absent.body, b, 'absent fields keep their values');

    const changed = await client.put(
      '/api/buildings/',
      multipart({ id: String(b.id), name: 'Torre Luna', floor: '9' }, { bytes: await jpegWithExif(), name: 'b.jpg', type: 'image/jpeg' }),
    );
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.name, 'Torre Luna');
    assert.equal(changed.body.floor, 9);
    assert.equal(changed.body.cata, fields.cata);
    assert.match(changed.body.image, /\.jpg$/);
    assert.ok(!fs.existsSync(oldFile), 'the replaced image is removed');

    const bad = await client.put('/api/buildings', multipart({ id: b.id, cant_apartments: 'muchos' }));
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.fields.cant_apartments, 'Solo puedes ingresar numeros!');
  });

  test('editing coordinates: one may change alone, an explicit null clears, and the result must be a pair', async () => {
    const { client } = await newAdminClient(t);
    const b = (await client.post('/api/buildings', { ...fields, latitude: -31.4, longitude: -64.2 })).body;
    const moved = await client.put('/api/buildings', multipart({ id: b.id, latitude: '-31,45' }));
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual([moved.body.latitude, moved.body.longitude], [-31.45, -64.2], 'the stored longitude completes the pair');

    const lone = await client.put('/api/buildings', { id: b.id, latitude: null });
    assert.equal(lone.status, 400);
    assert.deepEqual(lone.body.error, {
      code: 'VALIDATION',
      message: 'Complete latitud y longitud, o ninguna',
      fields: { latitude: 'Complete latitud y longitud, o ninguna' },
    });

    const cleared = await client.put('/api/buildings', multipart({ id: b.id, latitude: null, longitude: null }));
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual([cleared.body.latitude, cleared.body.longitude], [null, null]);
    const half = await client.put('/api/buildings', { id: b.id, longitude: -64.1 });
    assert.equal(half.status, 400, 'no stored latitude to pair with');
    assert.equal(half.body.error.fields.latitude, 'Complete latitud y longitud, o ninguna');
    const both = await client.put('/api/buildings', { id: b.id, latitude: '-31.5', longitude: '-64.1' });
    assert.deepEqual([both.body.latitude, both.body.longitude], [-31.5, -64.1]);
    assert.equal(
      (await client.put('/api/buildings', { id: b.id, latitude: 91 })).body.error.fields.latitude,
      'La latitud debe estar entre -90 y 90',
    );
  });

  test('the list is sorted by name and paged in the database', async () => {
    const { client, id } = await newAdminClient(t);
    for (const name of ['Edificio C', 'Edificio A', 'Edificio E', 'Edificio B', 'Edificio D', 'Edificio F']) {
      await buildBuilding(t.database.db, id, { name });
    }
    const p1 = await client.get('/api/buildings/all?page=1&pageSize=5');
    assert.equal(p1.body.total, 6);
    assert.deepEqual(
      p1.body.items.map((b: { name: string }) => b.name),
      ['Edificio A', 'Edificio B', 'Edificio C', 'Edificio D', 'Edificio E'],
    );
    const p2 = await client.get('/api/buildings/all?page=2&pageSize=5');
    assert.deepEqual(
      p2.body.items.map((b: { name: string }) => b.name),
      ['Edificio F'],
    );
    assert.equal((await client.get('/api/buildings/all?pageSize=501')).status, 400);
  });

  test('deleting archives the building: it leaves every list and call, its row stays', async () => {
    const { client, id } = await newAdminClient(t);
    const b = await buildBuilding(t.database.db, id, { name: 'Para borrar' });
    const del = await client.delete(`/api/buildings/${b.id}`);
    assert.equal(del.status, 204);
    assert.equal((await client.get('/api/buildings/all')).body.total, 0);
    assert.equal((await client.get(`/api/buildings/findBuilding?id=${b.id}`)).status, 404);
    assert.equal((await client.get(`/api/apartments/all/${b.id}`)).status, 404);
    assert.equal((await client.delete(`/api/buildings/${b.id}`)).status, 404);
    const [row] = await t.database.db.select().from(buildings).where(eq(buildings.id, b.id));
    assert.ok(row?.archivedAt, 'archived, not destroyed');
  });

  test('deleting a building keeps its money history: spendings, settlements and expenses stay in the database', async () => {
    const { client, id } = await newAdminClient(t);
    const b = await buildBuilding(t.database.db, id, { name: 'Con historia' });
    const a1 = await buildApartment(t.database.db, b.id, { numberApartment: '1A', mt2: 60 });
    const a2 = await buildApartment(t.database.db, b.id, { numberApartment: '1B', mt2: 40 });
    for (const [concept, amount] of [
      ['Limpieza', 1000],
      ['Ascensor', 500.5],
    ] as const) {
      const sp = await client.post('/api/spendings/add', {
        building: b.id,
        date: '2025-03-10',
        concept,
        supplier: 'Proveedor SA',
        details: 'Marzo',
        amount,
      });
      assert.equal(sp.status, 201, sp.text);
    }
    const settled = await client.post('/api/expenses/add/2/2025', { buildingId: b.id });
    assert.equal(settled.status, 201, settled.text);

    const del = await client.delete(`/api/buildings/${b.id}`);
    assert.equal(del.status, 204);
    assert.equal(del.text, '', 'no body');

    const db = t.database.db;
    const [row] = await db.select().from(buildings).where(eq(buildings.id, b.id));
    assert.ok(row?.archivedAt, 'the building is archived');
    assert.equal((await db.select().from(spendings).where(eq(spendings.buildingId, b.id))).length, 2);
    const [settlement] = await db.select().from(settlements).where(eq(settlements.buildingId, b.id));
    assert.equal(settlement?.totalCents, 150050);
    const bills = await db.select().from(expenses).where(eq(expenses.buildingId, b.id));
    assert.deepEqual(bills.map((e) => e.apartmentId).sort(), [a1.id, a2.id].sort());
    assert.equal(
      bills.reduce((sum, e) => sum + e.amountCents, 0),
      150050,
    );
    assert.equal((await client.get(`/api/buildings/findBuilding?id=${b.id}`)).status, 404);
  });

  test('the role is checked before anything else: 401 and 403, never 400, whatever the request carries', async () => {
    const { a } = await twoTenants(t);
    const disguised = { bytes: Buffer.from('<?php ?>'), name: 'x.png', type: 'image/png' };
    const calls: [string, (c: HttpClient) => Promise<{ status: number }>][] = [
      ['GET /buildings/all', (c) => c.get('/api/buildings/all?pageSize=9999&page=-1')],
      ['POST /buildings', (c) => c.post('/api/buildings', multipart({ name: '', floor: 'x' }, disguised))],
      ['POST /buildings json', (c) => c.post('/api/buildings', { floor: 'x' })],
      ['PUT /buildings', (c) => c.put('/api/buildings', multipart({ id: 'abc', floor: 'x' }, disguised))],
      ['PUT /buildings json', (c) => c.put('/api/buildings', [1, 2])],
      ['DELETE /buildings/{id}', (c) => c.delete('/api/buildings/abc')],
      ['GET /geocode', (c) => c.get(`/api/geocode?q=${'x'.repeat(300)}`)],
      ['GET /apartments/all/{id}', (c) => c.get('/api/apartments/all/abc?pageSize=0')],
      ['GET /apartments/{id}', (c) => c.get('/api/apartments/abc')],
      ['POST /apartments', (c) => c.post('/api/apartments', { building: 'x', state: null, mt2: 'mucho' })],
      ['PUT /apartments/{id}', (c) => c.put('/api/apartments/abc', { state: true })],
      ['DELETE /apartments/delete/{id}', (c) => c.delete('/api/apartments/delete/abc')],
    ];
    for (const [name, call] of calls) {
      assert.equal((await call(t.client())).status, 401, `anonymous ${name}`);
      assert.equal((await call(a.residentClient)).status, 403, `resident ${name}`);
    }
    // Residents may read their own building: the role check lets them through to the query's.
    assert.equal((await t.client().get('/api/buildings/findBuilding?id=abc')).status, 401);
    assert.equal((await a.residentClient.get('/api/buildings/findBuilding?id=abc')).status, 400);
  });

  test("another administrator's building answers 404 on PUT before its fields or file are judged", async () => {
    const { a, b } = await twoTenants(t);
    const other = b.building.id;
    const disguised = { bytes: Buffer.from('<?php echo "hola"; ?>'), name: 'foto.png', type: 'image/png' };
    const before = fs.readdirSync(uploads, { recursive: true }).length;
    assert.equal((await a.adminClient.put('/api/buildings', multipart({ id: other, name: 'Mío' }, disguised))).status, 404);
    assert.equal((await a.adminClient.put('/api/buildings', multipart({ id: other, floor: 'x' }, disguised))).status, 404);
    assert.equal(
      (await a.adminClient.put('/api/buildings', multipart({ id: other }, { bytes: await png(), name: 'a.png', type: 'image/png' })))
        .status,
      404,
    );
    assert.equal(fs.readdirSync(uploads, { recursive: true }).length, before, 'nothing stored');
    // Their own building: the file is judged (415) and the fields too (400).
    assert.equal((await a.adminClient.put('/api/buildings', multipart({ id: a.building.id }, disguised))).status, 415);
    assert.equal((await a.adminClient.put('/api/buildings', multipart({ id: a.building.id, floor: 'x' }))).status, 400);
  });

  test("another administrator's building answers 404 on every call; residents get 403", async () => {
    const { a, b } = await twoTenants(t);
    const other = b.building.id;
    assert.equal((await a.adminClient.get(`/api/buildings/findBuilding?id=${other}`)).status, 404);
    assert.equal((await a.adminClient.put('/api/buildings', multipart({ id: other, name: 'Mío' }))).status, 404);
    assert.equal((await a.adminClient.put('/api/buildings', { id: other, name: 'Mío' })).status, 404);
    assert.equal((await a.adminClient.delete(`/api/buildings/${other}`)).status, 404);
    const list = await a.adminClient.get('/api/buildings/all');
    assert.deepEqual(
      list.body.items.map((x: { id: number }) => x.id),
      [a.building.id],
    );
    // Untouched.
    const still = await b.adminClient.get(`/api/buildings/findBuilding?id=${other}`);
    assert.equal(still.body.name, 'Edificio B');

    const r = a.residentClient;
    assert.equal((await r.get('/api/buildings/all')).status, 403);
    assert.equal((await r.get(`/api/buildings/findBuilding?id=${other}`)).status, 404);
    assert.equal((await r.post('/api/buildings', multipart(fields))).status, 403);
    assert.equal((await r.put('/api/buildings', multipart({ id: a.building.id, name: 'X' }))).status, 403);
    assert.equal((await r.delete(`/api/buildings/${a.building.id}`)).status, 403);
    assert.equal((await r.get('/api/geocode?q=San Juan')).status, 403);
    assert.equal((await t.client().get('/api/buildings/all')).status, 401);
  });

  test('a resident reads their own building (the calendar page), no other: 404', async () => {
    const { a, b } = await twoTenants(t);
    const own = await a.residentClient.get(`/api/buildings/findBuilding?id=${a.building.id}`);
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(own.body, (await a.adminClient.get(`/api/buildings/findBuilding?id=${a.building.id}`)).body);
    assert.equal(own.body.name, 'Edificio A');
    // Another administrator's building, another building of their own administrator, one that does not exist.
    const sibling = await buildBuilding(t.database.db, a.admin.id, { name: 'Vecino de al lado' });
    for (const id of [b.building.id, sibling.id, 2147483647]) {
      const res = await a.residentClient.get(`/api/buildings/findBuilding?id=${id}`);
      assert.equal(res.status, 404, String(id));
      assert.equal(res.body.error.code, 'NOT_FOUND');
    }
    // An archived building is gone for its residents too.
    assert.equal((await a.adminClient.delete(`/api/buildings/${a.building.id}`)).status, 204);
    assert.equal((await a.residentClient.get(`/api/buildings/findBuilding?id=${a.building.id}`)).status, 404);
  });

  test('GET /api/config gives the web app the tile URL and whether address search is on', async () => {
    const res = await t.client().get('/api/config');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', geocoder: true, oidc: false });
  });
});

/** A local stand-in for the geocoding service. */
async function standIn(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * The geocoder's time, moved by the test: waits return at once and are recorded as the instant
 * they would end (the schedule the throttle computed); timeouts fire when the test says so.
 */
function manualScheduler() {
  const start = 1_700_000_000_000;
  let now = start;
  const waitsUntil: number[] = [];
  const timeoutsAsked: number[] = [];
  const pending: AbortController[] = [];
  const scheduler: Scheduler = {
    now: () => now,
    sleep: async (ms) => {
      waitsUntil.push(now + ms);
    },
    timeout: (ms) => {
      timeoutsAsked.push(ms);
      const controller = new AbortController();
      pending.push(controller);
      return controller.signal;
    },
  };
  return {
    start,
    scheduler,
    waitsUntil,
    timeoutsAsked,
    advance: (ms: number) => void (now += ms),
    fireTimeouts: () => pending.splice(0).forEach((c) => c.abort(new DOMException('timed out', 'TimeoutError'))),
  };
}

describe('address search', () => {
  test('suggestions come from the Nominatim-compatible service, limited to Argentina', async () => {
    const seen: { url: string; ua: string | undefined }[] = [];
    const stand = http.createServer((req, res) => {
      seen.push({ url: req.url!, ua: req.headers['user-agent'] });
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify([
          { display_name: 'Bv. San Juan 650, Córdoba, Argentina', lat: '-31.4215', lon: '-64.1925' },
          { display_name: 'sin coordenadas' },
        ]),
      );
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as { port: number }).port;
    const t = await startTestServer({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    try {
      const { client } = await newAdminClient(t);
      const res = await client.get(`/api/geocode?q=${encodeURIComponent('San Juan 650')}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { items: [{ label: 'Bv. San Juan 650, Córdoba, Argentina', latitude: -31.4215, longitude: -64.1925 }] });
      const url = new URL(seen[0]!.url, 'http://x');
      assert.equal(url.pathname, '/search');
      assert.equal(url.searchParams.get('format'), 'jsonv2');
      assert.equal(url.searchParams.get('q'), 'San Juan 650');
      assert.equal(url.searchParams.get('countrycodes'), 'ar');
      assert.equal(url.searchParams.get('limit'), '5');
      assert.match(seen[0]!.ua ?? '', /PanelAdministrador/);
      assert.deepEqual((await client.get('/api/geocode?q=ab')).body, { items: [] }, 'too short: no call');
      assert.equal(seen.length, 1);
    } finally {
      await t.close();
      stand.close();
    }
  });

  test('the service is asked at most once a second, repeated queries come from a cache', async () => {
    const seen: string[] = [];
    const stand = await standIn((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams.get('q')!;
      seen.push(q);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify([
          { display_name: `${q}, Córdoba, Argentina`, lat: '-31.42', lon: '-64.19' },
          { display_name: 'sin latitud', lat: null, lon: '-64.19' },
        ]),
      );
    });
    const clock = manualScheduler();
    const t = await startTestServer({ services: { geocoder: new NominatimGeocoder(stand.url, { scheduler: clock.scheduler }) } });
    try {
      const { client } = await newAdminClient(t);
      const ask = (q: string) => client.get(`/api/geocode?q=${encodeURIComponent(q)}`);
      // Four different addresses at once, as fast typing would send them: the clock does not move.
      const queries = ['Calle Uno 1', 'Calle Dos 2', 'Calle Tres 3', 'Calle Cuatro 4'];
      const answers = await Promise.all(queries.map(ask));
      assert.ok(answers.every((r) => r.status === 200));
      assert.equal(seen.length, 3, 'the fourth would wait too long: answered empty instead of queued');
      // The schedule the throttle computed: the first at once, the others a second apart.
      assert.deepEqual(clock.waitsUntil, [clock.start + 1000, clock.start + 2000]);
      const answered = queries.filter((_q, i) => answers[i]!.body.items.length > 0);
      const skipped = queries.filter((_q, i) => answers[i]!.body.items.length === 0);
      assert.equal(answered.length, 3);
      assert.deepEqual([...answered].sort(), [...seen].sort());
      const first = answered[0]!;
      assert.deepEqual(answers[queries.indexOf(first)]!.body, {
        items: [{ label: `${first}, Córdoba, Argentina`, latitude: -31.42, longitude: -64.19 }],
      });

      // The same query again (however it is spelt) is answered from memory, without waiting its turn.
      const cached = await ask(`  ${first.toUpperCase().replace(' ', '   ')} `);
      assert.deepEqual(cached.body, answers[queries.indexOf(first)]!.body);
      assert.equal(clock.waitsUntil.length, 2, 'no wait for a cached answer');
      assert.equal(seen.length, 3, 'not asked again');

      // The query answered empty was not remembered: a second later it is asked upstream, in the next free slot.
      clock.advance(1000);
      const later = await ask(skipped[0]!);
      assert.equal(later.body.items.length, 1);
      assert.equal(seen.length, 4);
      assert.deepEqual(clock.waitsUntil, [clock.start + 1000, clock.start + 2000, clock.start + 3000]);
    } finally {
      await t.close();
      await stand.close();
    }
  });

  test('every geocoder of the process shares the upstream budget', async () => {
    let asked = 0;
    const stand = await standIn((_req, res) => {
      asked++;
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    });
    try {
      const clock = manualScheduler();
      const one = new NominatimGeocoder(stand.url, { scheduler: clock.scheduler });
      const two = new NominatimGeocoder(stand.url, { scheduler: clock.scheduler });
      await Promise.all([one.search('Av. Colón 1'), two.search('Av. Colón 2')]);
      assert.equal(asked, 2);
      assert.deepEqual(clock.waitsUntil, [clock.start + 1000], 'a second apart even from two instances');
    } finally {
      await stand.close();
    }
  });

  test('a service that does not answer in time gives no suggestions', async () => {
    const clock = manualScheduler();
    // Never answers: the request has arrived, and now its time runs out.
    const stand = await standIn(() => clock.fireTimeouts());
    try {
      const geocoder = new NominatimGeocoder(stand.url, { scheduler: clock.scheduler });
      assert.deepEqual(await geocoder.search('Av. Colón 1000'), []);
      assert.deepEqual(clock.timeoutsAsked, [GEOCODER_TIMEOUT_MS]);
    } finally {
      await stand.close();
    }
  });

  test('a query with a control character or longer than an address answers 400', async () => {
    const t = await startTestServer({
      services: { geocoder: new NominatimGeocoder('http://127.0.0.1:9', { scheduler: manualScheduler().scheduler }) },
    });
    try {
      const { client } = await newAdminClient(t);
      const nul = await client.get('/api/geocode?q=San%00Juan');
      assert.equal(nul.status, 400, nul.text);
      assert.equal(nul.body.error.fields.q, MSG.badChars);
      assert.equal((await client.get(`/api/geocode?q=${'x'.repeat(BUILDING_BOUNDS.address + 1)}`)).status, 400);
      assert.equal((await client.get(`/api/geocode?q=${'x'.repeat(BUILDING_BOUNDS.address)}`)).status, 200);
    } finally {
      await t.close();
    }
  });

  test('GEOCODER_URL=off: the web app is told there is no address search', async () => {
    const t = await startTestServer({ env: { GEOCODER_URL: 'off' } });
    try {
      assert.equal((await t.client().get('/api/config')).body.geocoder, false);
      const { client } = await newAdminClient(t);
      assert.deepEqual((await client.get('/api/geocode?q=Av. Colón 1000')).body, { items: [] });
    } finally {
      await t.close();
    }
  });

  test('an unreachable geocoder answers an empty list', async () => {
    const t = await startTestServer({ env: { GEOCODER_URL: 'http://127.0.0.1:9' } });
    try {
      const { client } = await newAdminClient(t);
      const res = await client.get('/api/geocode?q=Av. Colón 1000');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { items: [] });
    } finally {
      await t.close();
    }
  });
});
