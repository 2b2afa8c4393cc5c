import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { COMPLAINT_MSG, COMPLAINTS_PER_DAY } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, complaints } from '../../db/schema.ts';
import { LocalFileStorage } from '../../lib/storage.ts';

/** The server's clock stands at 10/03/2026, 12:00 in Argentina (UTC-3), unless a test moves it. */
const NOON_MARCH_10 = new Date('2026-03-10T15:00:00Z');
const IMAGE_URL = /^\/api\/files\/complaints\/[0-9a-f-]{36}\.(jpg|png)$/;

const fields = { date: '2026-03-09', subject: 'Pérdida de agua', details: 'Gotea el techo del baño', importance: 'alta' };

/** A JPEG carrying EXIF metadata, as phones write it. */
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'casa de Ana' } })
    .toBuffer();

function multipart(body: object, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const fd = new FormData();
  fd.append('body', JSON.stringify(body));
  if (image) fd.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return fd;
}

describe('complaints', () => {
  let t: TestServer;
  let uploads: string;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let now = NOON_MARCH_10;
  /** Each complaint filed a minute after the one before, unless a test sets the clock. */
  const tick = () => (now = new Date(now.getTime() + 60_000));

  before(async () => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'complaints-uploads-'));
    t = await startTestServer({ services: { clock: () => now, storage: new LocalFileStorage(uploads) } });
    w = await twoTenants(t);
  });
  after(async () => {
    await t.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  const storedFiles = () => (fs.existsSync(path.join(uploads, 'complaints')) ? fs.readdirSync(path.join(uploads, 'complaints')) : []);

  async function file(c: HttpClient, o: Record<string, unknown> = {}, image?: Buffer) {
    tick();
    const res = await c.post(
      '/api/complaints',
      multipart({ ...fields, ...o }, image && { bytes: image, name: 'foto.jpg', type: 'image/jpeg' }),
    );
    assert.equal(res.status, 201, res.text);
    return res.body as { id: number; image: string | null; createdAt: string };
  }

  /** A resident of a building, logged in. */
  async function residentOf(buildingId: number, name = 'Vecina') {
    const apt = await buildApartment(t.database.db, buildingId);
    const r = await buildResident(t.database.db, apt.id, { name });
    const c = t.client();
    await c.login(r.email, r.password);
    return { ...r, apartment: apt, client: c };
  }

  /** An administrator with a building of their own, logged in. */
  async function adminWithBuilding(name = 'Torre') {
    const a = await buildAdmin(t.database.db);
    const b = await buildBuilding(t.database.db, a.id, { name });
    const c = t.client();
    await c.login(a.email, a.password);
    return { ...a, building: b, client: c };
  }

  test('a resident files a complaint with a photo, for their own apartment and building; the photo is re-encoded', async () => {
    const { a } = w;
    const res = await a.residentClient.post(
      '/api/complaints',
      multipart(
        // Building, apartment and author come from the session: whatever the body claims is ignored.
        {
          ...fields,
          subject: '  Pérdida de agua  ',
          buildingId: w.b.building.id,
          id_Buildings: w.b.building.id,
          id_Users: w.b.resident.id,
        },
        { bytes: await jpeg(), name: 'foto.png', type: 'image/png' },
      ),
    );
    assert.equal(res.status, 201, res.text);
    const c = res.body;
    assert.match(c.image, IMAGE_URL);
    assert.ok(c.image.endsWith('.jpg'), 'judged by content, not by name');
    assert.deepEqual(c, {
      id: c.id,
      date: '2026-03-09',
      subject: 'Pérdida de agua',
      details: 'Gotea el techo del baño',
      importance: 'alta',
      state: 'opened',
      seen: false,
      image: c.image,
      buildingId: a.building.id,
      building: { id: a.building.id, name: 'Edificio A' },
      apartmentId: a.apartment.id,
      apartment: { id: a.apartment.id, number_apartment: '1A' },
      userId: a.resident.id,
      user: { id: a.resident.id, name: 'Vecino A' },
      createdAt: NOON_MARCH_10.toISOString(),
    });
    assert.deepEqual((await a.residentClient.get(`/api/complaints/${c.id}`)).body, c);
    const mine = await a.residentClient.get(`/api/complaints/user/${a.resident.id}`);
    assert.equal(mine.status, 200);
    assert.ok(mine.body.items.some((x: { id: number }) => x.id === c.id));

    const img = await a.residentClient.get(c.image);
    assert.equal(img.status, 200);
    assert.equal(img.headers.get('content-type'), 'image/jpeg');
    const stored = fs.readFileSync(path.join(uploads, c.image.replace('/api/files/', '')));
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined, 'metadata dropped');
    assert.ok(!stored.includes(Buffer.from('casa de Ana')));

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#113355' } })
      .png()
      .toBuffer();
    const withPng = await a.residentClient.post('/api/complaints', multipart(fields, { bytes: png, name: 'a.jpg', type: 'image/jpeg' }));
    assert.equal(withPng.status, 201);
    assert.ok(withPng.body.image.endsWith('.png'));

    const plain = await a.residentClient.post('/api/complaints', fields);
    assert.equal(plain.status, 201, 'JSON without an image is accepted too');
    assert.equal(plain.body.image, null);
  });

  test('bad input: the §5 message, 415 for what is not a picture (nothing stored), roles', async () => {
    const { a } = w;
    const before = storedFiles().length;
    const count0 = (await t.database.db.select({ id: complaints.id }).from(complaints)).length;
    const notImage = await a.residentClient.post(
      '/api/complaints',
      multipart(fields, { bytes: Buffer.from('GIF89a no soy una foto'), name: 'x.jpg', type: 'image/jpeg' }),
    );
    assert.equal(notImage.status, 415);
    assert.equal(notImage.body.error.message, 'Tipo de archivo no soportado');
    assert.equal(storedFiles().length, before);
    assert.equal((await t.database.db.select({ id: complaints.id }).from(complaints)).length, count0);

    for (const missing of ['subject', 'details', 'importance', 'date']) {
      const res = await a.residentClient.post('/api/complaints', multipart({ ...fields, [missing]: '' }));
      assert.equal(res.status, 400, missing);
      assert.equal(res.body.error.message, COMPLAINT_MSG.fill, missing);
    }
    assert.equal((await a.residentClient.post('/api/complaints', { ...fields, date: '1999-12-31' })).status, 400);
    assert.equal((await a.residentClient.post('/api/complaints', { ...fields, importance: 'urgente' })).status, 400);

    assert.equal((await a.adminClient.post('/api/complaints', fields)).status, 403, 'administrators do not file complaints');
    assert.equal((await t.client().post('/api/complaints', fields)).status, 401);
    for (const [method, url] of [
      ['GET', '/api/complaints/all'],
      ['GET', '/api/complaints/unseen'],
      ['PUT', '/api/complaints/1'],
      ['PUT', '/api/complaints/state/1'],
    ] as const) {
      assert.equal((await a.residentClient.request(method, url, method === 'PUT' ? { state: 'closed' } : undefined)).status, 403, url);
      assert.equal((await t.client().request(method, url)).status, 401, url);
    }
  });

  test("tenancy: another administrator and a neighbour get 404 on the complaint, its replies and its image; the author and the building's administrators get them", async () => {
    const { a, b } = w;
    const neighbour = await residentOf(a.building.id, 'Vecino de al lado');
    // A second administrator of building A (added to it) is one of its administrators too.
    const coAdmin = await buildAdmin(t.database.db);
    await t.database.db.insert(buildingAdmins).values({ userId: coAdmin.id, buildingId: a.building.id });
    const coAdminClient = t.client();
    await coAdminClient.login(coAdmin.email, coAdmin.password);

    const c = await file(a.residentClient, { subject: 'Ruidos molestos' }, await jpeg());
    assert.equal((await a.adminClient.post(`/api/complaints/${c.id}/replies`, { text: 'Lo revisamos mañana' })).status, 201);

    for (const reader of [a.residentClient, a.adminClient, coAdminClient]) {
      assert.equal((await reader.get(`/api/complaints/${c.id}`)).status, 200);
      const replies = await reader.get(`/api/complaints/${c.id}/replies`);
      assert.equal(replies.status, 200);
      assert.equal(replies.body.total, 1);
      const img = await reader.get(c.image!);
      assert.equal(img.status, 200);
      assert.equal(img.headers.get('content-type'), 'image/jpeg');
    }
    for (const [who, stranger] of [
      ['another administrator', b.adminClient],
      ['a neighbour in the same building', neighbour.client],
      ["another building's resident", b.residentClient],
    ] as const) {
      for (const [method, url, body] of [
        ['GET', `/api/complaints/${c.id}`],
        ['GET', `/api/complaints/${c.id}/replies`],
        ['POST', `/api/complaints/${c.id}/replies`, { text: 'Hola' }],
        ['GET', c.image!],
        ['GET', `/api/complaints/user/${a.resident.id}`],
      ] as const) {
        const res = await stranger.request(method, url, body);
        assert.equal(res.status, 404, `${who}: ${method} ${url}`);
        assert.equal(res.body.error.code, 'NOT_FOUND');
      }
    }
    for (const [method, url, body] of [
      ['PUT', `/api/complaints/${c.id}`],
      ['PUT', `/api/complaints/state/${c.id}`, { state: 'closed' }],
    ] as const) {
      assert.equal((await b.adminClient.request(method, url, body)).status, 404, `another administrator: ${method} ${url}`);
    }
    assert.ok(!(await b.adminClient.get('/api/complaints/all?pageSize=500')).body.items.some((x: { id: number }) => x.id === c.id));
    assert.ok(!(await b.adminClient.get('/api/complaints/unseen')).body.items.some((x: { id: number }) => x.id === c.id));
    assert.equal((await b.adminClient.get(`/api/complaints/all?buildingId=${a.building.id}`)).body.total, 0);
    // Still unseen and open: the strangers changed nothing.
    const after = (await a.adminClient.get(`/api/complaints/${c.id}`)).body;
    assert.deepEqual([after.seen, after.state], [false, 'opened']);
    assert.equal((await a.adminClient.get(`/api/complaints/${c.id}/replies`)).body.total, 1);

    // An administrator reads a resident of their buildings, not anyone else.
    const list = await a.adminClient.get(`/api/complaints/user/${a.resident.id}`);
    assert.equal(list.status, 200);
    assert.ok(list.body.items.some((x: { id: number }) => x.id === c.id));
    assert.equal((await a.adminClient.get(`/api/complaints/user/${b.resident.id}`)).status, 404);
    assert.equal((await a.adminClient.get(`/api/complaints/user/${b.admin.id}`)).status, 404);
    assert.equal((await a.adminClient.get('/api/complaints/999999')).status, 404);
    assert.equal((await a.adminClient.get('/api/complaints/0')).status, 404);
    assert.equal((await a.adminClient.get('/api/files/complaints/00000000-0000-0000-0000-000000000000.jpg')).status, 404);
  });

  test('the administrator list: filters, newest first (date, then filing), paged', async () => {
    const admin = await adminWithBuilding('Uno');
    const second = await buildBuilding(t.database.db, admin.id, { name: 'Dos' });
    const r1 = await residentOf(admin.building.id);
    const r2 = await residentOf(second.id);
    const made = [
      await file(r1.client, { date: '2026-03-01', importance: 'alta' }),
      await file(r2.client, { date: '2026-03-05', importance: 'baja' }),
      await file(r1.client, { date: '2026-03-05', importance: 'media' }),
      await file(r2.client, { date: '2026-02-20', importance: 'alta' }),
    ];
    const [mar1, mar5a, mar5b, feb20] = made.map((c) => c.id);
    assert.equal((await admin.client.put(`/api/complaints/state/${mar1}`, { state: 'closed' })).status, 200);
    const ids = (r: { body: { items: { id: number }[] } }) => r.body.items.map((c) => c.id);
    const c = admin.client;

    const all = await c.get('/api/complaints/all');
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 4);
    assert.deepEqual(ids(all), [mar5b, mar5a, mar1, feb20], 'date desc, then the later filing first');
    assert.deepEqual(
      all.body.items.map((x: { building: { name: string } }) => x.building.name),
      ['Uno', 'Dos', 'Uno', 'Dos'],
    );
    const page2 = await c.get('/api/complaints/all?pageSize=3&page=2');
    assert.deepEqual([page2.body.total, ids(page2)], [4, [feb20]]);
    assert.deepEqual(ids(await c.get(`/api/complaints/all?buildingId=${second.id}`)), [mar5a, feb20]);
    assert.deepEqual(ids(await c.get('/api/complaints/all?importance=alta')), [mar1, feb20]);
    assert.deepEqual(ids(await c.get('/api/complaints/all?state=closed')), [mar1]);
    assert.deepEqual(ids(await c.get(`/api/complaints/all?state=opened&buildingId=${admin.building.id}`)), [mar5b]);
    for (const bad of ['state=abierto', 'importance=urgente', 'buildingId=0', 'buildingId=x', 'page=0', 'pageSize=501']) {
      const res = await c.get(`/api/complaints/all?${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.error.code, 'VALIDATION', bad);
    }

    // The resident's own: newest first, paged by five on the web.
    const mine = await r1.client.get(`/api/complaints/user/${r1.id}?pageSize=1`);
    assert.deepEqual([mine.body.total, ids(mine)], [2, [mar5b]]);
    assert.equal((await r1.client.get(`/api/complaints/user/${r2.id}`)).status, 404);
  });

  test('opening and closing; the thread of replies, oldest first', async () => {
    const admin = await adminWithBuilding('Hilo');
    const r = await residentOf(admin.building.id, 'Laura');
    const c = await file(r.client);

    const closed = await admin.client.put(`/api/complaints/state/${c.id}`, { state: 'closed' });
    assert.equal(closed.status, 200);
    assert.equal(closed.body.state, 'closed');
    assert.equal((await r.client.get(`/api/complaints/${c.id}`)).body.state, 'closed');
    assert.equal((await admin.client.put(`/api/complaints/state/${c.id}`, { state: 'closed' })).status, 200, 'the same state again');
    assert.equal((await admin.client.put(`/api/complaints/state/${c.id}`, { state: 'opened' })).body.state, 'opened');
    for (const bad of [{ state: 'cerrado' }, {}, { state: null }]) {
      assert.equal((await admin.client.put(`/api/complaints/state/${c.id}`, bad)).status, 400, JSON.stringify(bad));
    }

    assert.deepEqual((await r.client.get(`/api/complaints/${c.id}/replies`)).body, { items: [], total: 0 });
    tick();
    const first = await admin.client.post(`/api/complaints/${c.id}/replies`, { text: '  Mañana pasa el plomero  ' });
    assert.equal(first.status, 201);
    assert.deepEqual(first.body, {
      id: first.body.id,
      text: 'Mañana pasa el plomero',
      createdAt: now.toISOString(),
      author: { id: admin.id, name: admin.name, role: 'admin' },
    });
    tick();
    const second = await r.client.post(`/api/complaints/${c.id}/replies`, { text: 'Gracias,\nestaré en casa' });
    assert.equal(second.status, 201);
    const thread = await admin.client.get(`/api/complaints/${c.id}/replies`);
    assert.equal(thread.body.total, 2);
    assert.deepEqual(
      thread.body.items.map((x: { text: string; author: { role: string; name: string } }) => [x.author.role, x.author.name, x.text]),
      [
        ['admin', admin.name, 'Mañana pasa el plomero'],
        ['resident', 'Laura', 'Gracias,\nestaré en casa'],
      ],
    );
    for (const [text, message] of [
      ['   ', COMPLAINT_MSG.replyEmpty],
      ['x'.repeat(1001), 'Es muy largo'],
      ['a\u0000b', 'Contiene caracteres no aceptados'],
    ]) {
      const res = await r.client.post(`/api/complaints/${c.id}/replies`, { text });
      assert.equal(res.status, 400);
      assert.equal(res.body.error.fields.text, message);
    }
    assert.equal((await r.client.post(`/api/complaints/${c.id}/replies`, { text: 'x'.repeat(1000) })).status, 201);
    assert.equal((await t.client().get(`/api/complaints/${c.id}/replies`)).status, 401);
  });

  test('the bell: the 4 newest unseen and the count; opening it while new complaints arrive never marks one the administrator was not shown', async () => {
    const admin = await adminWithBuilding('Campana');
    const other = await adminWithBuilding('Ajeno');
    const r = await residentOf(admin.building.id);
    const stranger = await residentOf(other.building.id);
    const made: number[] = [];
    for (let i = 0; i < 6; i++) made.push((await file(r.client, { subject: `Reclamo ${i}` })).id);
    await file(stranger.client, { subject: 'De otro edificio' });

    const shown = await admin.client.get('/api/complaints/unseen');
    assert.equal(shown.status, 200);
    assert.equal(shown.body.total, 6);
    const shownIds: number[] = shown.body.items.map((c: { id: number }) => c.id);
    assert.deepEqual(shownIds, made.slice(2).reverse(), 'the newest four, newest first');
    assert.equal(shown.body.items[0].building.name, 'Campana');

    // While the bell is open, a new complaint arrives; then the shown ones are marked, one by one.
    const late = await file(r.client, { subject: 'Llegó mientras tanto' });
    for (const id of shownIds) {
      const res = await admin.client.put(`/api/complaints/${id}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.seen, true);
    }
    const after = await admin.client.get('/api/complaints/unseen');
    assert.equal(after.body.total, 3, 'two older unseen and the new one');
    assert.deepEqual(
      after.body.items.map((c: { id: number }) => c.id),
      [late.id, made[1], made[0]],
    );
    assert.equal((await admin.client.get(`/api/complaints/${late.id}`)).body.seen, false);
    // Marking twice is harmless; the other administrator's bell never moved.
    assert.equal((await admin.client.put(`/api/complaints/${shownIds[0]}`)).status, 200);
    assert.equal((await other.client.get('/api/complaints/unseen')).body.total, 1);
    for (const id of [late.id, made[1]!, made[0]!]) await admin.client.put(`/api/complaints/${id}`);
    assert.deepEqual((await admin.client.get('/api/complaints/unseen')).body, { items: [], total: 0 });
  });

  test(`the daily limit: ${COMPLAINTS_PER_DAY} a day in Argentina; the next gets 429 with Retry-After until midnight`, async () => {
    const admin = await adminWithBuilding('Límite');
    const r = await residentOf(admin.building.id);
    const neighbour = await residentOf(admin.building.id);
    now = new Date('2026-03-11T03:00:00Z'); // 00:00 on 11/03 in Argentina
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < COMPLAINTS_PER_DAY + 1; i++) {
      tick();
      const res = await r.client.post('/api/complaints', { ...fields, subject: `Reclamo ${i}` });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    assert.deepEqual(statuses, [...Array(COMPLAINTS_PER_DAY).fill(201), 429]);
    assert.equal(refused!.body.error.code, 'RATE_LIMITED');
    assert.equal(refused!.body.error.message, COMPLAINT_MSG.dailyLimit);
    assert.equal(refused!.headers.get('retry-after'), String(24 * 3600 - 11 * 60), 'until midnight in Argentina');

    // A refused complaint with a photo stores nothing; the neighbour files as usual.
    const before = storedFiles().length;
    const withPhoto = await r.client.post('/api/complaints', multipart(fields, { bytes: await jpeg(), name: 'f.jpg', type: 'image/jpeg' }));
    assert.equal(withPhoto.status, 429);
    assert.equal(storedFiles().length, before);
    assert.equal((await neighbour.client.post('/api/complaints', fields)).status, 201);

    now = new Date('2026-03-12T02:59:59Z'); // 23:59:59 the same day
    assert.equal((await r.client.post('/api/complaints', fields)).status, 429);
    now = new Date('2026-03-12T03:00:00Z'); // midnight: a new day
    assert.equal((await r.client.post('/api/complaints', fields)).status, 201);
  });

  test(`a parallel burst of 15 complaints with photos files exactly ${COMPLAINTS_PER_DAY}, and leaves no stray file`, async () => {
    const admin = await adminWithBuilding('Ráfaga');
    const r = await residentOf(admin.building.id);
    now = new Date('2026-03-20T15:00:00Z');
    const photo = await jpeg();
    const before = storedFiles().length;
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        r.client.post(
          '/api/complaints',
          multipart({ ...fields, subject: `Ráfaga ${i}` }, { bytes: photo, name: 'f.jpg', type: 'image/jpeg' }),
        ),
      ),
    );
    const statuses = results.map((x) => x.status).sort();
    assert.deepEqual(statuses, [...Array(COMPLAINTS_PER_DAY).fill(201), ...Array(15 - COMPLAINTS_PER_DAY).fill(429)]);
    const rows = await t.database.db.select({ image: complaints.image }).from(complaints).where(eq(complaints.userId, r.id));
    assert.equal(rows.length, COMPLAINTS_PER_DAY);
    assert.equal(storedFiles().length - before, COMPLAINTS_PER_DAY, 'one file per filed complaint');
    for (const row of rows) assert.ok(fs.existsSync(path.join(uploads, row.image!.replace('/api/files/', ''))));
  });
});
