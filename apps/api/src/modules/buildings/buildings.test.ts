import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildBuilding } from '../../seed/factories.ts';
import { buildings } from '../../db/schema.ts';
import { LocalFileStorage } from '../../lib/storage.ts';

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

async function newAdminClient(t: TestServer): Promise<{ client: HttpClient; id: number }> {
  const admin = await buildAdmin(t.database.db);
  const client = t.client();
  await client.login(admin.email, admin.password);
  return { client, id: admin.id };
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
    assert.equal(tooBig.body.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(fs.readdirSync(uploads, { recursive: true }).length, before);
    assert.equal((await client.get('/api/buildings/all')).body.total, 0);
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
    assert.deepEqual({ ...kept.body, latitude: b.latitude, longitude: b.longitude }, b);

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
    assert.equal((await r.get(`/api/buildings/findBuilding?id=${a.building.id}`)).status, 403);
    assert.equal((await r.post('/api/buildings', multipart(fields))).status, 403);
    assert.equal((await r.put('/api/buildings', multipart({ id: a.building.id, name: 'X' }))).status, 403);
    assert.equal((await r.delete(`/api/buildings/${a.building.id}`)).status, 403);
    assert.equal((await r.get('/api/geocode?q=San Juan')).status, 403);
    assert.equal((await t.client().get('/api/buildings/all')).status, 401);
  });

  test('GET /api/config gives the web app the tile URL', async () => {
    const res = await t.client().get('/api/config');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
  });
});

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

  test('an unreachable geocoder answers an empty list quickly', async () => {
    const t = await startTestServer({ env: { GEOCODER_URL: 'http://127.0.0.1:9' } });
    try {
      const { client } = await newAdminClient(t);
      const started = Date.now();
      const res = await client.get('/api/geocode?q=Av. Colón 1000');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { items: [] });
      assert.ok(Date.now() - started < 4000);
    } finally {
      await t.close();
    }
  });
});
