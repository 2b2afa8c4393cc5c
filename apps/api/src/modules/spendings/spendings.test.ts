import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding } from '../../seed/factories.ts';
import { buildingAdmins, spendings } from '../../db/schema.ts';
import { currentMonth, todayIso } from '@consorcio/domain';

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
    const zero = await c.post('/api/spendings/add', body(w.a.building.id, { amount: 0 }));
    assert.equal(zero.status, 400);
    assert.equal(zero.body.error.fields.amount, 'Debe llenar todos los campos');
    const fine = await c.post('/api/spendings/add', body(w.a.building.id, { amount: 1.005 }));
    assert.equal(fine.status, 400);
    assert.equal(fine.body.error.fields.amount, 'Solo se permiten hasta 2 decimales');
    const huge = await c.post('/api/spendings/add', body(w.a.building.id, { amount: 1_000_000_000 }));
    assert.equal(huge.status, 400);
    assert.equal(huge.body.error.fields.amount, 'El monto es demasiado grande');
    assert.equal((await c.post('/api/spendings/add', body(w.a.building.id, { date: '2025-02-30' }))).status, 400);
  });

  test('large amounts with two decimals are accepted and kept to the cent', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id);
    for (const amount of [154626034.23, 272779535.04, 999_999_999.99]) {
      const res = await c.post('/api/spendings/add', body(b.id, { amount }));
      assert.equal(res.status, 201, String(amount));
      assert.equal(res.body.amount, amount);
    }
    const all = await c.get(`/api/spendings/all?buildingId=${b.id}`);
    assert.equal(all.body.sum, 1427405569.26);
  });

  test('the board over every building: newest first across buildings, a page at a time, count and sum of every match', async () => {
    const c = w.a.adminClient;
    const admin = await buildAdmin(t.database.db);
    const b1 = await buildBuilding(t.database.db, admin.id, { name: 'Uno' });
    const b2 = await buildBuilding(t.database.db, admin.id, { name: 'Dos' });
    const b3 = await buildBuilding(t.database.db, admin.id, { name: 'Tres' });
    await t.database.db.insert(buildingAdmins).values([b1, b2, b3].map((b) => ({ userId: w.a.admin.id, buildingId: b.id })));
    const mine = (x: { building: { id: number } }) => [b1.id, b2.id, b3.id].includes(x.building.id);
    // Another administrator's building: never counted.
    await w.b.adminClient.post('/api/spendings/add', body(w.b.building.id, { date: '2019-05-05', amount: 1e6 }));
    const made: { id: number; buildingId: number; date: string; amount: number; concept: string }[] = [];
    let seed = 3;
    const rnd = () => (seed = (seed * 16807) % 2147483647);
    // A few through the API, the rest (enough for pages past the first rows, read from the day that holds them)
    // straight into the table.
    const rows = Array.from({ length: 160 }, (_, i) => {
      const b = [b1, b2, b3][rnd() % 3]!;
      const date = `2019-${String(1 + (rnd() % 12)).padStart(2, '0')}-${String(1 + (rnd() % 28)).padStart(2, '0')}`;
      return { buildingId: b.id, date, amount: (1 + (rnd() % 100000)) / 100, concept: i % 2 ? 'Luz' : 'Agua' };
    });
    for (const [i, r] of rows.entries()) {
      if (i < 10) {
        const res = await c.post('/api/spendings/add', body(r.buildingId, { date: r.date, amount: r.amount, concept: r.concept }));
        assert.equal(res.status, 201);
        made.push({ id: res.body.id, buildingId: r.buildingId, date: r.date, amount: r.amount, concept: r.concept });
      } else {
        const [row] = await t.database.db
          .insert(spendings)
          .values({
            buildingId: r.buildingId,
            date: r.date,
            concept: r.concept,
            supplier: 'Proveedor',
            details: '',
            amountCents: Math.round(r.amount * 100),
          })
          .returning({ id: spendings.id });
        made.push({ id: row!.id, buildingId: r.buildingId, date: r.date, amount: r.amount, concept: r.concept });
      }
    }
    const expect = async (since: string, upTo: string, building?: number, concept?: string) => {
      const want = made
        .filter(
          (m) =>
            m.date >= since &&
            m.date <= upTo &&
            (building === undefined || m.buildingId === building) &&
            (concept === undefined || m.concept === concept),
        )
        .sort((x, y) => (x.date === y.date ? y.id - x.id : x.date < y.date ? 1 : -1));
      const wantSum = want.reduce((s, m) => s + Math.round(m.amount * 100), 0) / 100;
      const seen: number[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(want.length / 5)); page++) {
        const res = await c.get(
          `/api/spendings/all?since=${since}&upTo=${upTo}&pageSize=5&page=${page}${building ? `&buildingId=${building}` : ''}${concept ? `&concept=${concept}` : ''}`,
        );
        assert.equal(res.status, 200);
        assert.ok(res.body.items.every(mine), 'only this administrator’s buildings (nothing else of theirs is in 2019)');
        assert.equal(res.body.total, want.length, `${since}..${upTo} total`);
        assert.equal(res.body.sum, wantSum, `${since}..${upTo} sum`);
        seen.push(...res.body.items.map((x: { id: number }) => x.id));
      }
      assert.deepEqual(
        seen,
        want.map((m) => m.id),
        `${since}..${upTo} order`,
      );
    };
    await expect('2019-01-01', '2019-12-31');
    await expect('2019-02-14', '2019-11-03');
    await expect('2019-03-01', '2019-03-31');
    await expect('2019-06-10', '2019-06-20');
    await expect('2019-04-30', '2019-05-01');
    await expect('2019-01-01', '2019-12-31', b2.id);
    await expect('2019-02-14', '2019-11-03', b3.id);
    await expect('2019-01-01', '2019-12-31', undefined, 'Luz');
    await expect('2019-02-14', '2019-11-03', undefined, 'Agua');
    await expect('2019-01-01', '2019-12-31', b1.id, 'Agua');
    // A page past the end: no rows, the same count and sum.
    const past = await c.get('/api/spendings/all?since=2019-01-01&upTo=2019-12-31&pageSize=5&page=10000');
    assert.equal(past.status, 200);
    assert.deepEqual(past.body.items, []);
    assert.equal(past.body.total, made.length);

    // Edits and deletions are reflected at once, also in whole months.
    const moved = made[0]!;
    assert.equal(
      (await c.put('/api/spendings/add', { id: moved.id, ...body(moved.buildingId, { date: '2019-12-31', amount: 0.01 }) })).status,
      200,
    );
    Object.assign(moved, { date: '2019-12-31', amount: 0.01 });
    const gone = made.splice(1, 1)[0]!;
    assert.equal((await c.delete(`/api/spendings/del/${gone.id}`)).status, 204);
    await expect('2019-01-01', '2019-12-31');
    await expect('2019-02-01', '2019-11-30');
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

  test('stats without a year are the current year’s (Argentine time)', async () => {
    const c = w.a.adminClient;
    const b = await buildBuilding(t.database.db, w.a.admin.id);
    const today = todayIso();
    const { year, month } = currentMonth();
    assert.equal((await c.post('/api/spendings/add', body(b.id, { date: today, concept: 'ascensor', amount: 42.42 }))).status, 201);
    assert.equal((await c.post('/api/spendings/add', body(b.id, { date: `${year - 1}-06-15`, concept: 'Luz', amount: 99 }))).status, 201);
    const res = await c.get(`/api/spendings/stats?buildingId=${b.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.year, year);
    assert.equal(res.body.month, null);
    assert.deepEqual(res.body.byConcept, [{ concept: 'Ascensor', total: 42.42 }]);
    assert.deepEqual(res.body.byMonth[month], { month, total: 42.42 });
    assert.equal(
      res.body.byMonth.reduce((s: number, m: { total: number }) => s + m.total, 0),
      42.42,
    );
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

  test('roles: residents cannot write spendings (they read their building’s: spendings-resident.test.ts); anonymous callers get 401', async () => {
    const r = w.a.residentClient;
    assert.equal((await r.post('/api/spendings/add', body(w.a.building.id))).status, 403);
    assert.equal((await r.put('/api/spendings/add', { id: 1, ...body(w.a.building.id) })).status, 403);
    assert.equal((await r.delete('/api/spendings/del/1')).status, 403);
    assert.equal((await t.client().get('/api/spendings/all')).status, 401);
  });

  test('roles come before validation: a resident with a bad request gets 403, an anonymous caller 401', async () => {
    // The reads residents may make check their input after the session (spendings-resident.test.ts).
    const bad: [string, string, unknown?][] = [
      ['POST', '/api/spendings/add', { amount: -1 }],
      ['PUT', '/api/spendings/add', { id: 'x' }],
      ['DELETE', '/api/spendings/del/abc'],
    ];
    for (const [method, path, payload] of bad) {
      const asResident = await w.a.residentClient.request(method, path, payload);
      assert.equal(asResident.status, 403, `${method} ${path}`);
      assert.equal(asResident.body.error.code, 'FORBIDDEN');
      const anonymous = await t.client().request(method, path, payload);
      assert.equal(anonymous.status, 401, `${method} ${path}`);
      assert.equal(anonymous.body.error.code, 'UNAUTHENTICATED');
    }
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
