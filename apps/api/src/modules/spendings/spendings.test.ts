import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildBuilding } from '../../seed/factories.ts';

describe('spendings', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
  });
  after(() => t.close());

  const body = (building: number, o: Record<string, unknown> = {}) => ({
    building,
    date: '2025-03-10',
    concept: 'Limpieza',
    supplier: 'Brillo SRL',
    details: 'Limpieza de marzo',
    amount: 185000.5,
    ...o,
  });

  test('an administrator adds, lists (filtered, newest first, with the sum), edits and deletes spendings', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id, { name: 'Filtros' });
    const add = await c.post('/api/spendings/add', body(b.id));
    assert.equal(add.status, 201);
    assert.deepEqual(add.body, {
      id: add.body.id,
      buildingId: b.id,
      building: { id: b.id, name: 'Filtros' },
      date: '2025-03-10',
      concept: 'Limpieza',
      supplier: 'Brillo SRL',
      details: 'Limpieza de marzo',
      amount: 185000.5,
    });
    await c.post('/api/spendings/add', body(b.id, { date: '2025-04-02', concept: 'Ascensor', amount: 95000 }));
    await c.post('/api/spendings/add', body(b.id, { date: '2025-01-15', concept: 'Luz', amount: 0.01 }));
    await c.post('/api/spendings/add', body(b.id, { date: '2024-12-31', concept: 'Luz', amount: 10 }));

    const all = await c.get(`/api/spendings/all?buildingId=${b.id}&pageSize=2`);
    assert.equal(all.status, 200);
    assert.equal(all.body.total, 4);
    assert.equal(all.body.sum, 280010.51);
    assert.deepEqual(
      all.body.items.map((s: { date: string }) => s.date),
      ['2025-04-02', '2025-03-10'],
    );
    const page2 = await c.get(`/api/spendings/all?buildingId=${b.id}&pageSize=2&page=2`);
    assert.deepEqual(
      page2.body.items.map((s: { date: string }) => s.date),
      ['2025-01-15', '2024-12-31'],
    );
    const ranged = await c.get(`/api/spendings/all?buildingId=${b.id}&since=2025-01-01&upTo=2025-03-31&concept=Luz`);
    assert.equal(ranged.body.total, 1);
    assert.equal(ranged.body.sum, 0.01);

    const concepts = await c.get(`/api/spendings/concepts?buildingId=${b.id}`);
    assert.deepEqual(concepts.body, { items: ['Ascensor', 'Limpieza', 'Luz'] });

    assert.deepEqual((await c.get(`/api/spendings/${add.body.id}`)).body, add.body);
    const put = await c.put('/api/spendings/add', { id: add.body.id, ...body(b.id, { amount: 190000, details: 'Corregido' }) });
    assert.equal(put.status, 200);
    assert.equal(put.body.amount, 190000);
    assert.equal(put.body.details, 'Corregido');

    assert.equal((await c.delete(`/api/spendings/del/${add.body.id}`)).status, 204);
    assert.equal((await c.get(`/api/spendings/all?buildingId=${b.id}`)).body.total, 3);
    assert.equal((await c.delete(`/api/spendings/del/${add.body.id}`)).status, 404);
  });

  test('every field is required, amounts must be positive, with the Spanish messages', async () => {
    const c = w.a.adminClient;
    const missing = await c.post('/api/spendings/add', { ...body(w.a.building.id), concept: '  ' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.code, 'VALIDATION');
    assert.equal(missing.body.error.message, 'Debe llenar todos los campos');
    assert.equal(missing.body.error.fields.concept, 'Debe llenar todos los campos');
    const negative = await c.post('/api/spendings/add', body(w.a.building.id, { amount: -1 }));
    assert.equal(negative.status, 400);
    assert.equal(negative.body.error.message, 'No se puede ingresar numeros negativos');
    assert.equal((await c.post('/api/spendings/add', body(w.a.building.id, { amount: 0 }))).status, 400);
    assert.equal((await c.post('/api/spendings/add', body(w.a.building.id, { amount: 1.005 }))).status, 400);
    assert.equal((await c.post('/api/spendings/add', body(w.a.building.id, { date: '2025-02-30' }))).status, 400);
  });

  test('stats: top 10 concepts normalised, by year or month, and 12 monthly totals, all from SQL', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id);
    const adds = [
      ['2025-01-05', 'LIMPIEZA', 100],
      ['2025-01-20', 'limpieza ', 50.5],
      ['2025-02-03', 'Luz', 300],
      ['2025-02-10', 'agua', 20],
      ['2024-02-10', 'Luz', 9999],
      ...Array.from({ length: 10 }, (_, i) => ['2025-06-01', `Extra ${i}`, i + 1] as const),
    ] as const;
    for (const [date, concept, amount] of adds) {
      assert.equal((await c.post('/api/spendings/add', body(b.id, { date, concept, amount }))).status, 201);
    }
    const year = await c.get(`/api/spendings/stats?buildingId=${b.id}&year=2025`);
    assert.equal(year.status, 200);
    assert.equal(year.body.byConcept.length, 10);
    assert.deepEqual(year.body.byConcept.slice(0, 3), [
      { concept: 'Luz', total: 300 },
      { concept: 'Limpieza', total: 150.5 },
      { concept: 'Agua', total: 20 },
    ]);
    assert.equal(year.body.byMonth.length, 12);
    assert.deepEqual(year.body.byMonth[0], { month: 0, total: 150.5 });
    assert.deepEqual(year.body.byMonth[1], { month: 1, total: 320 });
    assert.deepEqual(year.body.byMonth[5], { month: 5, total: 55 });
    assert.deepEqual(year.body.byMonth[11], { month: 11, total: 0 });
    const jan = await c.get(`/api/spendings/stats?buildingId=${b.id}&year=2025&month=0`);
    assert.deepEqual(jan.body.byConcept, [{ concept: 'Limpieza', total: 150.5 }]);
  });

  test('tenancy: another administrator’s spendings and buildings answer 404 (403 on PUT, as API.md says)', async () => {
    const mine = await w.a.adminClient.post('/api/spendings/add', body(w.a.building.id, { date: '2023-05-05' }));
    assert.equal(mine.status, 201);
    const other = w.b.adminClient;
    assert.equal((await other.post('/api/spendings/add', body(w.a.building.id))).status, 404);
    assert.equal((await other.get(`/api/spendings/all?buildingId=${w.a.building.id}`)).status, 200);
    assert.equal((await other.get(`/api/spendings/all?buildingId=${w.a.building.id}`)).body.total, 0);
    assert.ok(!(await other.get('/api/spendings/all')).body.items.some((s: { id: number }) => s.id === mine.body.id));
    assert.equal((await other.get(`/api/spendings/concepts?buildingId=${w.a.building.id}`)).status, 404);
    assert.equal((await other.get(`/api/spendings/stats?buildingId=${w.a.building.id}`)).status, 404);
    assert.equal((await other.delete(`/api/spendings/del/${mine.body.id}`)).status, 404);
    assert.equal((await other.get(`/api/spendings/${mine.body.id}`)).status, 404);
    const put = await other.put('/api/spendings/add', { id: mine.body.id, ...body(w.b.building.id) });
    assert.equal(put.status, 403);
    assert.equal(put.body.error.message, 'No tienes los permisos para hacer esta modificación');
    // Moving one's own spending into someone else's building: refused the same way.
    const own = await other.post('/api/spendings/add', body(w.b.building.id));
    const move = await other.put('/api/spendings/add', { id: own.body.id, ...body(w.a.building.id) });
    assert.equal(move.status, 403);
    assert.equal((await other.put('/api/spendings/add', { id: 999999, ...body(w.b.building.id) })).status, 404);
    // Nothing changed.
    const still = await w.a.adminClient.get(`/api/spendings/all?buildingId=${w.a.building.id}&since=2023-05-05&upTo=2023-05-05`);
    assert.equal(still.body.items[0].supplier, 'Brillo SRL');
  });

  test('roles: residents and anonymous callers cannot use the spendings calls', async () => {
    const r = w.a.residentClient;
    assert.equal((await r.get('/api/spendings/all')).status, 403);
    assert.equal((await r.get('/api/spendings/concepts')).status, 403);
    assert.equal((await r.get(`/api/spendings/stats?buildingId=${w.a.building.id}`)).status, 403);
    assert.equal((await r.post('/api/spendings/add', body(w.a.building.id))).status, 403);
    assert.equal((await r.put('/api/spendings/add', { id: 1, ...body(w.a.building.id) })).status, 403);
    assert.equal((await r.delete('/api/spendings/del/1')).status, 403);
    assert.equal((await r.get('/api/spendings/1')).status, 403);
    assert.equal((await t.client().get('/api/spendings/all')).status, 401);
  });

  test('settled months refuse new, edited, moved and deleted spendings', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id);
    await buildApartment(t.database.db, b.id, { mt2: 40 });
    const inMarch = await c.post('/api/spendings/add', body(b.id, { date: '2025-03-15' }));
    const inApril = await c.post('/api/spendings/add', body(b.id, { date: '2025-04-15' }));
    assert.equal((await c.post('/api/expenses/add/2/2025', { buildingId: b.id })).status, 201);

    const add = await c.post('/api/spendings/add', body(b.id, { date: '2025-03-31' }));
    assert.equal(add.status, 409);
    assert.equal(add.body.error.message, 'No se pueden cargar gastos en meses ya liquidados');
    assert.equal(
      (await c.put('/api/spendings/add', { id: inMarch.body.id, ...body(b.id, { date: '2025-03-15', amount: 1 }) })).status,
      409,
    );
    assert.equal((await c.put('/api/spendings/add', { id: inMarch.body.id, ...body(b.id, { date: '2025-04-15' }) })).status, 409, 'out of');
    assert.equal((await c.put('/api/spendings/add', { id: inApril.body.id, ...body(b.id, { date: '2025-03-01' }) })).status, 409, 'into');
    assert.equal((await c.delete(`/api/spendings/del/${inMarch.body.id}`)).status, 409);
    // Other months of the same building, and the same month of another building, stay open.
    assert.equal((await c.put('/api/spendings/add', { id: inApril.body.id, ...body(b.id, { date: '2025-04-20' }) })).status, 200);
    assert.equal((await c.post('/api/spendings/add', body(w.a.building.id, { date: '2025-03-31' }))).status, 201);
  });
});
