import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildings } from '../../db/schema.ts';

/** Residents read what they pay for: their own building's spendings and statements, nobody else's. */
describe('spendings read by residents', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
    const add = async (client: typeof w.a.adminClient, building: number, key: string, date: string, concept: string, amount: number) => {
      const res = await client.post('/api/spendings/add', { building, date, concept, supplier: 'Proveedor', details: key, amount });
      assert.equal(res.status, 201, key);
      ids[key] = res.body.id;
    };
    const a = w.a.building.id;
    await add(w.a.adminClient, a, 'a-jan', '2024-01-10', 'Limpieza', 100.25);
    await add(w.a.adminClient, a, 'a-feb', '2024-02-20', 'Luz', 50);
    await add(w.a.adminClient, a, 'a-mar1', '2024-03-05', 'Limpieza', 200);
    await add(w.a.adminClient, a, 'a-mar2', '2024-03-28', 'Ascensor', 300.5);
    await add(w.a.adminClient, a, 'a-apr', '2024-04-01', 'Luz', 10);
    await add(w.b.adminClient, w.b.building.id, 'b-mar', '2024-03-15', 'Jardín', 9999);
    // March settled in both buildings: the statements residents read.
    assert.equal((await w.a.adminClient.post('/api/expenses/add/2/2024', { buildingId: a })).status, 201);
    assert.equal((await w.b.adminClient.post('/api/expenses/add/2/2024', { buildingId: w.b.building.id })).status, 201);
  });
  after(() => t.close());

  const dates = (body: { items: { date: string }[] }) => body.items.map((s) => s.date);

  test('a resident lists their building’s spendings by default: newest first, with the sum, paged and filtered', async () => {
    const r = w.a.residentClient;
    const all = await r.get('/api/spendings/all');
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 5);
    assert.equal(all.body.sum, 660.75);
    assert.deepEqual(dates(all.body), ['2024-04-01', '2024-03-28', '2024-03-05', '2024-02-20', '2024-01-10']);
    assert.ok(all.body.items.every((s: { buildingId: number }) => s.buildingId === w.a.building.id));
    assert.deepEqual(all.body.items[0].building, { id: w.a.building.id, name: 'Edificio A' });

    // Naming their own building is the same as not naming it.
    assert.deepEqual((await r.get(`/api/spendings/all?buildingId=${w.a.building.id}`)).body, all.body);

    const page2 = await r.get('/api/spendings/all?pageSize=2&page=2');
    assert.equal(page2.body.total, 5);
    assert.deepEqual(dates(page2.body), ['2024-03-05', '2024-02-20']);

    // Loose days at both ends and a whole month in between (the sum comes from both paths).
    const ranged = await r.get('/api/spendings/all?since=2024-01-15&upTo=2024-03-31');
    assert.deepEqual(dates(ranged.body), ['2024-03-28', '2024-03-05', '2024-02-20']);
    assert.equal(ranged.body.sum, 550.5);

    const limpieza = await r.get('/api/spendings/all?concept=Limpieza&since=2024-01-01&upTo=2024-12-31');
    assert.deepEqual(dates(limpieza.body), ['2024-03-05', '2024-01-10']);
    assert.equal(limpieza.body.total, 2);
    assert.equal(limpieza.body.sum, 300.25);

    // The other building's resident never gets these rows, nor does this one get theirs.
    const other = await w.b.residentClient.get('/api/spendings/all');
    assert.equal(other.status, 200);
    assert.deepEqual(
      other.body.items.map((s: { id: number }) => s.id),
      [ids['b-mar']],
    );
    assert.equal(other.body.sum, 9999);
  });

  test('concepts and stats default to the resident’s building', async () => {
    const r = w.a.residentClient;
    const concepts = await r.get('/api/spendings/concepts');
    assert.equal(concepts.status, 200);
    assert.deepEqual(concepts.body, { items: ['Ascensor', 'Limpieza', 'Luz'] });
    assert.deepEqual((await r.get(`/api/spendings/concepts?buildingId=${w.a.building.id}`)).body, concepts.body);

    const stats = await r.get('/api/spendings/stats?year=2024');
    assert.equal(stats.status, 200);
    assert.equal(stats.body.year, 2024);
    assert.deepEqual(stats.body.byConcept, [
      { concept: 'Ascensor', total: 300.5 },
      { concept: 'Limpieza', total: 300.25 },
      { concept: 'Luz', total: 60 },
    ]);
    assert.deepEqual(
      stats.body.byMonth.slice(0, 5).map((m: { total: number }) => m.total),
      [100.25, 50, 500.5, 10, 0],
    );
    const march = await r.get(`/api/spendings/stats?buildingId=${w.a.building.id}&year=2024&month=2`);
    assert.deepEqual(march.body.byConcept, [
      { concept: 'Ascensor', total: 300.5 },
      { concept: 'Limpieza', total: 200 },
    ]);
  });

  test('another building, or one that does not exist, is 404 to a resident', async () => {
    const r = w.a.residentClient;
    for (const building of [w.b.building.id, 999999]) {
      for (const path of [
        `/api/spendings/all?buildingId=${building}`,
        `/api/spendings/concepts?buildingId=${building}`,
        `/api/spendings/stats?buildingId=${building}&year=2024`,
        `/api/expenses/invoicedExpenses?buildingId=${building}`,
      ]) {
        const res = await r.get(path);
        assert.equal(res.status, 404, path);
        assert.equal(res.body.error.code, 'NOT_FOUND', path);
      }
    }
    // One spending: their building's, as in the list; another building's as if it did not exist.
    const own = await r.get(`/api/spendings/${ids['a-feb']}`);
    assert.equal(own.status, 200);
    assert.equal(own.body.concept, 'Luz');
    assert.equal((await r.get(`/api/spendings/${ids['b-mar']}`)).status, 404);
  });

  test('a resident whose building was archived reads nothing of it', async () => {
    const admin = w.a.adminClient;
    const buildingId = (await buildBuilding(t.database.db, w.a.admin.id, { name: 'Archivado' })).id;
    const apartment = await buildApartment(t.database.db, buildingId, { numberApartment: '1A', mt2: 40 });
    await admin.post('/api/spendings/add', {
      building: buildingId,
      date: '2024-05-05',
      concept: 'Limpieza',
      supplier: 'Proveedor',
      details: 'Detalle',
      amount: 1,
    });
    const resident = await buildResident(t.database.db, apartment.id);
    const rc = t.client();
    await rc.login(resident.email, resident.password);
    assert.equal((await rc.get('/api/spendings/all')).body.total, 1);
    await t.database.db.update(buildings).set({ archivedAt: new Date() }).where(eq(buildings.id, buildingId));
    for (const path of ['/api/spendings/all', '/api/spendings/concepts', '/api/spendings/stats', '/api/expenses/invoicedExpenses']) {
      assert.equal((await rc.get(path)).status, 404, path);
    }
  });

  test('writes stay the administrator’s: 403 to a resident, and nothing changes', async () => {
    const r = w.a.residentClient;
    const body = { building: w.a.building.id, date: '2024-06-01', concept: 'Luz', supplier: 'X', details: 'Y', amount: 1 };
    const post = await r.post('/api/spendings/add', body);
    assert.equal(post.status, 403);
    assert.equal(post.body.error.code, 'FORBIDDEN');
    assert.equal((await r.put('/api/spendings/add', { id: ids['a-apr'], ...body })).status, 403);
    assert.equal((await r.delete(`/api/spendings/del/${ids['a-apr']}`)).status, 403);
    assert.equal((await r.post('/api/expenses/add/3/2024', { buildingId: w.a.building.id })).status, 403);
    const all = await w.a.adminClient.get(`/api/spendings/all?buildingId=${w.a.building.id}`);
    assert.equal(all.body.total, 5);
    assert.equal(all.body.items[0].amount, 10);
  });

  test('reads check their input after the session: a resident gets 400, an anonymous caller 401', async () => {
    for (const path of [
      '/api/spendings/all?since=yesterday',
      '/api/spendings/concepts?buildingId=abc',
      '/api/spendings/stats?month=13',
      '/api/expenses/invoicedExpenses?page=0',
    ]) {
      const res = await w.a.residentClient.get(path);
      assert.equal(res.status, 400, path);
      assert.equal(res.body.error.code, 'VALIDATION', path);
      assert.equal((await t.client().get(path)).status, 401, path);
    }
    assert.equal((await t.client().get(`/api/spendings/${ids['a-feb']}`)).status, 401);
  });

  test('a resident who has not chosen a password yet reads nothing', async () => {
    const fresh = await buildResident(t.database.db, w.a.apartment.id, { firstLogging: true });
    const c = t.client();
    await c.login(fresh.email, fresh.password);
    for (const path of ['/api/spendings/all', '/api/spendings/concepts', '/api/spendings/stats', '/api/expenses/invoicedExpenses']) {
      assert.equal((await c.get(path)).status, 403, path);
    }
  });

  test('settled months and their statements: the resident’s building’s, without other apartments’ payment status', async () => {
    const r = w.a.residentClient;
    const months = await r.get('/api/expenses/invoicedExpenses');
    assert.equal(months.status, 200);
    assert.deepEqual(months.body, { items: [{ buildingId: w.a.building.id, year: 2024, month: 'mar', total: 500.5 }], total: 1 });
    assert.deepEqual((await r.get(`/api/expenses/invoicedExpenses?buildingId=${w.a.building.id}`)).body, months.body);
    const theirs = await w.b.residentClient.get('/api/expenses/invoicedExpenses');
    assert.deepEqual(
      theirs.body.items.map((m: { buildingId: number }) => m.buildingId),
      [w.b.building.id],
    );

    const statement = await r.get(`/api/expenses/settlement/${w.a.building.id}/2024/2`);
    assert.equal(statement.status, 200);
    assert.equal(statement.body.total, 500.5);
    assert.equal(statement.body.spendings.length, 2);
    assert.ok(statement.body.items.length > 0);
    for (const item of statement.body.items) {
      assert.equal('status' in item, false, 'no payment status for residents');
      assert.equal('expenseId' in item, false, 'no expense ids for residents');
    }
    assert.equal((await r.get(`/api/expenses/settlement/${w.b.building.id}/2024/2`)).status, 404);

    // The administrator's statement still has them.
    const asAdmin = await w.a.adminClient.get(`/api/expenses/settlement/${w.a.building.id}/2024/2`);
    assert.equal(asAdmin.body.items[0].status, 'Adeudada');
    assert.equal(typeof asAdmin.body.items[0].expenseId, 'number');
  });

  test('an administrator reads as before: every building of theirs, a foreign filter empty, stats need a building', async () => {
    const c = w.a.adminClient;
    const all = await c.get('/api/spendings/all');
    assert.equal(all.status, 200);
    assert.ok(all.body.items.every((s: { buildingId: number }) => s.buildingId !== w.b.building.id));
    const foreign = await c.get(`/api/spendings/all?buildingId=${w.b.building.id}`);
    assert.equal(foreign.status, 200);
    assert.equal(foreign.body.total, 0);
    assert.equal((await c.get(`/api/spendings/concepts?buildingId=${w.b.building.id}`)).status, 404);
    assert.equal((await c.get(`/api/spendings/stats?buildingId=${w.b.building.id}`)).status, 404);
    const noBuilding = await c.get('/api/spendings/stats?year=2024');
    assert.equal(noBuilding.status, 400);
    assert.equal(noBuilding.body.error.code, 'VALIDATION');
    assert.ok(noBuilding.body.error.fields.buildingId);
    assert.equal((await c.get(`/api/spendings/${ids['b-mar']}`)).status, 404);
    const months = await c.get('/api/expenses/invoicedExpenses');
    assert.ok(months.body.items.every((m: { buildingId: number }) => m.buildingId === w.a.building.id));
  });
});
