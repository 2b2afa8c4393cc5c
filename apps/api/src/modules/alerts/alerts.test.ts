import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { ALERT_MSG } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, buildings } from '../../db/schema.ts';

/** The server's clock stands at 10/03/2026, 12:00 in Argentina (UTC-3), unless a test moves it. */
const NOON_MARCH_10 = new Date('2026-03-10T15:00:00Z');

describe('alerts', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let now = NOON_MARCH_10;
  before(async () => {
    t = await startTestServer({ services: { clock: () => now } });
    w = await twoTenants(t);
  });
  after(() => t.close());

  const body = (building: number, o: Record<string, unknown> = {}) => ({
    building,
    date: '2026-04-15',
    concept: 'Corte de agua',
    details: 'De 9 a 13 por reparación del tanque',
    importance: 'alta',
    ...o,
  });

  async function newAlert(c: HttpClient, building: number, o: Record<string, unknown> = {}) {
    const res = await c.post('/api/alerts', body(building, o));
    assert.equal(res.status, 201, res.text);
    return res.body as { id: number; date: string; buildingId: number };
  }

  test('an administrator creates, reads, edits and deletes an alert', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id, { name: 'Torre Alta' });
    const add = await c.post('/api/alerts/', body(b.id, { concept: '  Fumigación  ' }));
    assert.equal(add.status, 201);
    assert.deepEqual(add.body, {
      id: add.body.id,
      date: '2026-04-15',
      concept: 'Fumigación',
      details: 'De 9 a 13 por reparación del tanque',
      importance: 'alta',
      buildingId: b.id,
      building: { id: b.id, name: 'Torre Alta' },
    });
    assert.deepEqual((await c.get(`/api/alerts/${add.body.id}`)).body, add.body);

    const noDetails = await c.post('/api/alerts', { building: b.id, date: '2026-03-10', concept: 'Asamblea', importance: 'baja' });
    assert.equal(noDetails.status, 201, 'today is not before today; details default to empty');
    assert.equal(noDetails.body.details, '');

    const put = await c.put('/api/alerts', { id: add.body.id, ...body(b.id, { importance: 'media', details: 'Corregido' }) });
    assert.equal(put.status, 200);
    assert.deepEqual(put.body, { ...add.body, concept: 'Corte de agua', importance: 'media', details: 'Corregido' });
    assert.equal((await c.get(`/api/alerts/${add.body.id}`)).body.details, 'Corregido');

    assert.equal((await c.delete(`/api/alerts/${add.body.id}`)).status, 204);
    assert.equal((await c.get(`/api/alerts/${add.body.id}`)).status, 404);
    assert.equal((await c.delete(`/api/alerts/${add.body.id}`)).status, 404);
    assert.equal((await c.put('/api/alerts', { id: add.body.id, ...body(b.id) })).status, 404);
    assert.equal((await c.post('/api/alerts/sendEmail', { id: add.body.id })).status, 404);
    assert.equal((await c.get(`/api/alerts/all?buildingId=${b.id}`)).body.total, 1);
  });

  test('the list: filters, inclusive dates, newest first, paged, over every building of the administrator', async () => {
    const admin = await buildAdmin(t.database.db);
    const c = t.client();
    await c.login(admin.email, admin.password);
    const b1 = await buildBuilding(t.database.db, admin.id, { name: 'Uno' });
    const b2 = await buildBuilding(t.database.db, admin.id, { name: 'Dos' });
    const made = [
      await newAlert(c, b1.id, { date: '2026-05-01', importance: 'alta' }),
      await newAlert(c, b2.id, { date: '2026-05-01', importance: 'baja' }),
      await newAlert(c, b1.id, { date: '2026-04-01', importance: 'media' }),
      await newAlert(c, b2.id, { date: '2026-06-30', importance: 'alta' }),
      await newAlert(c, b1.id, { date: '2026-03-10', importance: 'baja' }),
    ];
    const ids = (r: { body: { items: { id: number }[] } }) => r.body.items.map((a) => a.id);
    const [may1, may1b, apr1, jun30, mar10] = made.map((a) => a.id);

    const all = await c.get('/api/alerts/all');
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 5);
    assert.deepEqual(ids(all), [jun30, may1b, may1, apr1, mar10], 'date desc, then id desc');

    const page2 = await c.get('/api/alerts/all?pageSize=2&page=2');
    assert.deepEqual([page2.body.total, ids(page2)], [5, [may1, apr1]]);
    assert.deepEqual(ids(await c.get('/api/alerts/all?pageSize=2&page=4')), []);

    assert.deepEqual(ids(await c.get(`/api/alerts/all?buildingId=${b1.id}`)), [may1, apr1, mar10]);
    assert.deepEqual(ids(await c.get('/api/alerts/all?importance=alta')), [jun30, may1]);
    const ranged = await c.get('/api/alerts/all?since=2026-04-01&upTo=2026-05-01');
    assert.deepEqual([ranged.body.total, ids(ranged)], [3, [may1b, may1, apr1]]);
    const combined = await c.get(`/api/alerts/all?buildingId=${b2.id}&importance=baja&since=2026-05-01&upTo=2026-05-01`);
    assert.deepEqual(ids(combined), [may1b]);
    assert.equal(combined.body.items[0].building.name, 'Dos');
    assert.deepEqual((await c.get('/api/alerts/all?since=2026-07-01')).body, { items: [], total: 0 });

    for (const bad of ['importance=urgente', 'since=2026-02-30', 'upTo=1999-12-31', 'buildingId=0', 'page=0', 'pageSize=501']) {
      const res = await c.get(`/api/alerts/all?${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.error.code, 'VALIDATION', bad);
    }
  });

  test('the calendar of one building: a date range, optionally only alta and media, oldest first', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id, { name: 'Calendario' });
    const late = await newAlert(c, b.id, { date: '2026-04-30', importance: 'media' });
    const low = await newAlert(c, b.id, { date: '2026-04-10', importance: 'baja' });
    const early = await newAlert(c, b.id, { date: '2026-04-01', importance: 'alta' });
    const outside = await newAlert(c, b.id, { date: '2026-05-01', importance: 'alta' });
    await newAlert(c, w.a.building.id, { date: '2026-04-15' });

    const month = await c.get(`/api/alerts/building/${b.id}?since=2026-04-01&upTo=2026-04-30`);
    assert.equal(month.status, 200);
    assert.equal(month.body.total, 3);
    assert.deepEqual(
      month.body.items.map((a: { id: number }) => a.id),
      [early.id, low.id, late.id],
    );
    assert.deepEqual(month.body.items[0].building, { id: b.id, name: 'Calendario' });
    const important = await c.get(`/api/alerts/building/${b.id}?since=2026-04-01&upTo=2026-04-30&important=true`);
    assert.deepEqual(
      important.body.items.map((a: { id: number }) => a.id),
      [early.id, late.id],
    );
    const everything = await c.get(`/api/alerts/building/${b.id}?important=false`);
    assert.deepEqual(
      everything.body.items.map((a: { id: number }) => a.id),
      [early.id, low.id, late.id, outside.id],
    );
    assert.equal((await c.get(`/api/alerts/building/${b.id}?important=si`)).status, 400);
    assert.equal((await c.get(`/api/alerts/building/${b.id}?since=2026-13-01`)).status, 400);
    assert.equal((await c.get('/api/alerts/building/0')).status, 404);
    assert.equal((await c.get('/api/alerts/building/2147483648')).status, 404);
  });

  test('required fields, bounds and the Spanish messages', async () => {
    const c = w.a.adminClient;
    const b = w.a.building.id;
    const cases: [Record<string, unknown>, string, string][] = [
      [body(b, { concept: '   ' }), 'concept', ALERT_MSG.fillCreate],
      [body(b, { concept: undefined }), 'concept', ALERT_MSG.fillCreate],
      [body(b, { importance: '' }), 'importance', ALERT_MSG.fillCreate],
      [body(b, { importance: 'urgente' }), 'importance', ALERT_MSG.fillCreate],
      [body(b, { building: '' }), 'building', ALERT_MSG.fillCreate],
      [body(b, { building: 0 }), 'building', ALERT_MSG.fillCreate],
      [body(b, { date: '' }), 'date', ALERT_MSG.fillEdit],
      [body(b, { date: '2026-02-30' }), 'date', 'Fecha inválida'],
      [body(b, { date: '2101-01-01' }), 'date', 'Fecha fuera de rango'],
      [body(b, { concept: 'x'.repeat(101) }), 'concept', 'Es muy largo'],
      [body(b, { details: 'x'.repeat(1001) }), 'details', 'Es muy largo'],
      [body(b, { concept: 'Corte\u0000' }), 'concept', 'Contiene caracteres no aceptados'],
    ];
    for (const [input, field, message] of cases) {
      const res = await c.post('/api/alerts', input);
      assert.equal(res.status, 400, `${field}: ${res.text}`);
      assert.equal(res.body.error.code, 'VALIDATION');
      assert.equal(res.body.error.fields?.[field], message, `${field}: ${res.text}`);
    }
    const missingOnEdit = await c.put('/api/alerts', { id: 1, ...body(b, { concept: '' }) });
    assert.equal(missingOnEdit.status, 400);
    assert.equal(missingOnEdit.body.error.fields.concept, ALERT_MSG.fillEdit);
    const noId = await c.put('/api/alerts', body(b));
    assert.equal(noId.status, 400);
    assert.equal(noId.body.error.fields.id, ALERT_MSG.fillEdit);
    assert.equal((await c.post('/api/alerts/sendEmail', { id: 'x' })).status, 400);
    assert.equal((await c.get('/api/alerts/0')).status, 404);
    assert.equal((await c.get('/api/alerts/abc')).status, 404);
    assert.equal((await c.get('/api/alerts/999999999')).status, 404);
    assert.equal((await c.delete('/api/alerts/2147483648')).status, 404);
  });

  test("no date before today, by the server's clock in Argentina; an old alert may be corrected without moving it", async () => {
    const c = w.a.adminClient;
    const b = w.a.building.id;
    const past = await c.post('/api/alerts', body(b, { date: '2026-03-09' }));
    assert.equal(past.status, 400);
    assert.equal(past.body.error.message, ALERT_MSG.pastDate);
    assert.equal(past.body.error.fields.date, ALERT_MSG.pastDate);

    // 01:30 UTC on 10/03 is still 09/03 in Argentina: the 9th is today there, the 8th is not.
    now = new Date('2026-03-10T01:30:00Z');
    try {
      assert.equal((await c.post('/api/alerts', body(b, { date: '2026-03-08' }))).status, 400);
      const old = await newAlert(c, b, { date: '2026-03-09', concept: 'Ayer' });
      now = NOON_MARCH_10;
      assert.equal((await c.post('/api/alerts', body(b, { date: '2026-03-09' }))).status, 400);

      // The 9th is now past: details and importance may be corrected on the same date...
      const fixed = await c.put('/api/alerts', { id: old.id, ...body(b, { date: '2026-03-09', concept: 'Ayer (corregido)' }) });
      assert.equal(fixed.status, 200, fixed.text);
      assert.equal(fixed.body.concept, 'Ayer (corregido)');
      // ...but it cannot move to another past day; moving it forward is fine.
      const moved = await c.put('/api/alerts', { id: old.id, ...body(b, { date: '2026-03-01' }) });
      assert.equal(moved.status, 400);
      assert.equal(moved.body.error.message, ALERT_MSG.pastDate);
      assert.equal((await c.put('/api/alerts', { id: old.id, ...body(b, { date: '2026-03-11' }) })).status, 200);
      // A past alert can still be resent.
      assert.equal((await c.post('/api/alerts/sendEmail', { id: old.id })).status, 202);
    } finally {
      now = NOON_MARCH_10;
    }
  });

  test('roles: anonymous callers get 401, residents 403 on every write, before any field message', async () => {
    const anon = t.client();
    const a = await newAlert(w.a.adminClient, w.a.building.id);
    for (const [method, path, input] of [
      ['GET', '/api/alerts/all', undefined],
      ['GET', `/api/alerts/${a.id}`, undefined],
      ['GET', `/api/alerts/building/${w.a.building.id}`, undefined],
      ['POST', '/api/alerts', body(w.a.building.id)],
      ['PUT', '/api/alerts', { id: a.id, ...body(w.a.building.id) }],
      ['DELETE', `/api/alerts/${a.id}`, undefined],
      ['POST', '/api/alerts/sendEmail', { id: a.id }],
    ] as const) {
      const res = await anon.request(method, path, input);
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.equal(res.body.error.code, 'UNAUTHENTICATED');
    }
    const r = w.a.residentClient;
    for (const [method, path, input] of [
      ['POST', '/api/alerts', body(w.a.building.id)],
      ['POST', '/api/alerts', { concept: '' }],
      ['PUT', '/api/alerts', { id: a.id, ...body(w.a.building.id) }],
      ['DELETE', `/api/alerts/${a.id}`, undefined],
      ['POST', '/api/alerts/sendEmail', { id: a.id }],
      ['POST', '/api/alerts/sendEmail', {}],
    ] as const) {
      const res = await r.request(method, path, input);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.body.error.code, 'FORBIDDEN');
    }
    assert.equal((await w.a.adminClient.get(`/api/alerts/${a.id}`)).status, 200, 'nothing changed');
  });

  test("tenancy: another administrator's alerts and buildings answer 404 and never show in lists", async () => {
    const mine = await newAlert(w.a.adminClient, w.a.building.id, { concept: 'Solo de A' });
    const c = w.b.adminClient;
    assert.equal((await c.get(`/api/alerts/${mine.id}`)).status, 404);
    assert.equal((await c.put('/api/alerts', { id: mine.id, ...body(w.b.building.id) })).status, 404);
    assert.equal((await c.delete(`/api/alerts/${mine.id}`)).status, 404);
    assert.equal((await c.post('/api/alerts/sendEmail', { id: mine.id })).status, 404);
    assert.equal((await c.post('/api/alerts', body(w.a.building.id))).status, 404);
    assert.equal((await c.get(`/api/alerts/building/${w.a.building.id}`)).status, 404);
    assert.deepEqual((await c.get(`/api/alerts/all?buildingId=${w.a.building.id}`)).body, { items: [], total: 0 });
    const theirs = (await c.get('/api/alerts/all?pageSize=500')).body.items as { buildingId: number }[];
    assert.ok(theirs.every((x) => x.buildingId === w.b.building.id));

    // Moving one's own alert into a building one does not administer: as if that building did not exist.
    const own = await newAlert(c, w.b.building.id);
    assert.equal((await c.put('/api/alerts', { id: own.id, ...body(w.a.building.id) })).status, 404);
    assert.equal((await c.get(`/api/alerts/${own.id}`)).body.buildingId, w.b.building.id);
    assert.equal((await w.a.adminClient.get(`/api/alerts/${mine.id}`)).body.concept, 'Solo de A', 'untouched');

    // An administrator added to a building sees its alerts; an archived building's alerts are gone.
    const shared = await buildBuilding(t.database.db, w.a.admin.id, { name: 'Compartido' });
    const sharedAlert = await newAlert(w.a.adminClient, shared.id);
    assert.equal((await c.get(`/api/alerts/${sharedAlert.id}`)).status, 404);
    await t.database.db.insert(buildingAdmins).values({ userId: w.b.admin.id, buildingId: shared.id });
    assert.equal((await c.get(`/api/alerts/${sharedAlert.id}`)).status, 200);
    await t.database.db.update(buildings).set({ archivedAt: new Date() }).where(eq(buildings.id, shared.id));
    assert.equal((await c.get(`/api/alerts/${sharedAlert.id}`)).status, 404);
    assert.equal((await w.a.adminClient.get(`/api/alerts/building/${shared.id}`)).status, 404);
  });

  test("residents read only their own building's alerts and calendar", async () => {
    const ofA = await newAlert(w.a.adminClient, w.a.building.id, { date: '2026-08-01', concept: 'Para A' });
    const ofB = await newAlert(w.b.adminClient, w.b.building.id, { date: '2026-08-01', concept: 'Para B' });
    // A second building of the same administrator: its residents are another building's.
    const sibling = await buildBuilding(t.database.db, w.a.admin.id);
    const siblingAlert = await newAlert(w.a.adminClient, sibling.id, { date: '2026-08-01' });
    const neighbour = await buildResident(t.database.db, (await buildApartment(t.database.db, sibling.id)).id);
    const n = t.client();
    await n.login(neighbour.email, neighbour.password);

    const r = w.a.residentClient;
    const list = await r.get('/api/alerts/all?pageSize=500');
    assert.equal(list.status, 200);
    assert.ok(list.body.items.length > 0);
    assert.ok(list.body.items.every((x: { buildingId: number }) => x.buildingId === w.a.building.id));
    assert.ok(list.body.items.some((x: { id: number }) => x.id === ofA.id));
    assert.equal(list.body.total, list.body.items.length);
    assert.deepEqual((await r.get(`/api/alerts/all?buildingId=${w.b.building.id}`)).body, { items: [], total: 0 });
    assert.deepEqual((await r.get(`/api/alerts/all?buildingId=${sibling.id}`)).body, { items: [], total: 0 });

    assert.equal((await r.get(`/api/alerts/${ofA.id}`)).body.concept, 'Para A');
    assert.equal((await r.get(`/api/alerts/${ofB.id}`)).status, 404);
    assert.equal((await r.get(`/api/alerts/${siblingAlert.id}`)).status, 404);

    const cal = await r.get(`/api/alerts/building/${w.a.building.id}?since=2026-08-01&upTo=2026-08-31&important=true`);
    assert.equal(cal.status, 200);
    assert.deepEqual(
      cal.body.items.map((x: { id: number }) => x.id),
      [ofA.id],
    );
    assert.equal((await r.get(`/api/alerts/building/${w.b.building.id}`)).status, 404);
    assert.equal((await r.get(`/api/alerts/building/${sibling.id}`)).status, 404);

    assert.deepEqual(
      (await n.get('/api/alerts/all')).body.items.map((x: { id: number }) => x.id),
      [siblingAlert.id],
    );
    assert.equal((await n.get(`/api/alerts/${ofA.id}`)).status, 404);
  });
});
