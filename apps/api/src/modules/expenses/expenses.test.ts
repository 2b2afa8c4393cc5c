import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { apartments } from '../../db/schema.ts';
import { currentMonth, monthRange, todayIso } from '@consorcio/domain';

describe('expenses (expensas)', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
  });
  after(() => t.close());

  const spend = (building: number, date: string, amount: number, concept = 'Limpieza') =>
    w.a.adminClient.post('/api/spendings/add', { building, date, concept, supplier: 'Proveedor', details: 'Detalle', amount });

  async function buildingWithUnits(areas: number[]) {
    const b = await buildBuilding(t.database.db, w.a.admin.id);
    const units = [];
    for (const [i, mt2] of areas.entries()) units.push(await buildApartment(t.database.db, b.id, { numberApartment: `${i + 1}A`, mt2 }));
    return { b, units };
  }

  test('settling a month prorates the spending total by area, in cents that add up exactly', async () => {
    const { b, units } = await buildingWithUnits([62.5, 48, 75.25]);
    await spend(b.id, '2025-03-01', 333.33);
    await spend(b.id, '2025-03-31', 666.68, 'Luz');
    await spend(b.id, '2025-04-01', 5000); // another month: not included
    const res = await w.a.adminClient.post('/api/expenses/add/2/2025', { buildingId: b.id });
    assert.equal(res.status, 201);
    assert.equal(res.body.month, 'mar');
    assert.equal(res.body.year, 2025);
    assert.equal(res.body.total, 1000.01);
    const amounts = res.body.items.map((i: { amount: number }) => Math.round(i.amount * 100));
    assert.equal(
      amounts.reduce((s: number, a: number) => s + a, 0),
      100001,
    );
    const totalArea = 62.5 + 48 + 75.25;
    units.forEach((u, i) => assert.ok(Math.abs(amounts[i] - (100001 * u.mt2) / totalArea) < 1));
    assert.deepEqual(
      res.body.items.map((i: { apartmentId: number }) => i.apartmentId),
      units.map((u) => u.id),
    );

    const again = await w.a.adminClient.post('/api/expenses/add/2/2025', { buildingId: b.id });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.message, 'El mes ya tiene las expensas liquidadas!');

    const invoiced = await w.a.adminClient.get(`/api/expenses/invoicedExpenses?buildingId=${b.id}`);
    assert.deepEqual(invoiced.body, { items: [{ buildingId: b.id, year: 2025, month: 'mar', total: 1000.01 }], total: 1 });
  });

  test('parallel settlement requests for the same month give exactly one 201, the others 409', async () => {
    const { b } = await buildingWithUnits([50, 50, 33.33]);
    await spend(b.id, '2025-05-10', 1234.56);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => w.a.adminClient.post('/api/expenses/add/4/2025', { buildingId: b.id })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409]);
    const table = await w.a.adminClient.get(`/api/expenses/allByApartments?buildingId=${b.id}`);
    const all = table.body.items.flatMap((a: { expenses: unknown[] }) => a.expenses);
    assert.equal(all.length, 3, 'one expense per apartment, once');
  });

  test('spendings written while the month is being settled are either included or refused, never lost', async () => {
    const { b } = await buildingWithUnits([40, 60]);
    await spend(b.id, '2025-07-01', 100);
    const [settle, ...adds] = await Promise.all([
      w.a.adminClient.post('/api/expenses/add/6/2025', { buildingId: b.id }),
      ...Array.from({ length: 5 }, () => spend(b.id, '2025-07-15', 10)),
    ]);
    assert.equal(settle.status, 201);
    const accepted = adds.filter((r) => r.status === 201).length;
    assert.equal(adds.filter((r) => r.status === 409).length, 5 - accepted);
    const list = await w.a.adminClient.get(`/api/spendings/all?buildingId=${b.id}&since=2025-07-01&upTo=2025-07-31`);
    assert.equal(list.body.sum, settle.body.total, 'the settled total is the month’s spending total');
  });

  test('a month without spendings, a building without area or apartments: 422; archived apartments are left out', async () => {
    const empty = await buildingWithUnits([50]);
    const none = await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: empty.b.id });
    assert.equal(none.status, 422);
    assert.equal(none.body.error.code, 'UNPROCESSABLE');
    assert.equal(none.body.error.message, 'El mes no tiene gastos cargados: no hay nada para liquidar');
    // The failed attempt did not settle the month: spendings can still be added and the month settled.
    assert.equal((await spend(empty.b.id, '2025-01-10', 10)).status, 201);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: empty.b.id })).status, 201);

    const noArea = await buildingWithUnits([0, 0]);
    await spend(noArea.b.id, '2025-01-10', 10);
    const noAreaMessage = 'El edificio no tiene departamentos con superficie (m2) para prorratear las expensas';
    const zeroArea = await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: noArea.b.id });
    assert.equal(zeroArea.status, 422);
    assert.equal(zeroArea.body.error.message, noAreaMessage);
    const noUnits = await buildingWithUnits([]);
    await spend(noUnits.b.id, '2025-01-10', 10);
    const withoutUnits = await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: noUnits.b.id });
    assert.equal(withoutUnits.status, 422);
    assert.equal(withoutUnits.body.error.message, noAreaMessage);

    const archived = await buildingWithUnits([30, 70]);
    await t.database.db.update(apartments).set({ archivedAt: new Date() }).where(eq(apartments.id, archived.units[0]!.id));
    await spend(archived.b.id, '2025-01-10', 99.99);
    const res = await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: archived.b.id });
    assert.deepEqual(res.body.items, [{ apartmentId: archived.units[1]!.id, amount: 99.99 }]);

    // Month 12 names no month: a path that names nothing is 404 (API.md §Conventions).
    assert.equal((await w.a.adminClient.post('/api/expenses/add/12/2025', { buildingId: archived.b.id })).status, 404);
  });

  test('a month after the current one (Argentine time) cannot be settled yet: 422 with the reason; the current month can', async () => {
    const { b } = await buildingWithUnits([50]);
    const now = currentMonth();
    const next = now.month === 11 ? { year: now.year + 1, month: 0 } : { year: now.year, month: now.month + 1 };
    await spend(b.id, monthRange(next.year, next.month).since, 100);
    const future = await w.a.adminClient.post(`/api/expenses/add/${next.month}/${next.year}`, { buildingId: b.id });
    assert.equal(future.status, 422);
    assert.equal(future.body.error.code, 'UNPROCESSABLE');
    assert.equal(future.body.error.message, 'No se pueden generar expensas de un mes que todavía no empezó');
    const nextYear = await w.a.adminClient.post(`/api/expenses/add/${now.month}/${now.year + 1}`, { buildingId: b.id });
    assert.equal(nextYear.status, 422);
    // Nothing was settled: spendings of that month are still accepted.
    assert.equal((await spend(b.id, monthRange(next.year, next.month).upTo, 5)).status, 201);

    await spend(b.id, todayIso(), 10);
    const current = await w.a.adminClient.post(`/api/expenses/add/${now.month}/${now.year}`, { buildingId: b.id });
    assert.equal(current.status, 201);
    assert.equal(current.body.total, 10);

    const doc = (await t.client().get('/api/openapi.json')).body;
    assert.match(doc.paths['/api/expenses/add/{month}/{year}'].post.description, /todavía no empezó/);
  });

  test('another building’s spendings of the same month do not leak into a settlement', async () => {
    const mine = await buildingWithUnits([30, 70]);
    const other = await buildingWithUnits([100]);
    await spend(mine.b.id, '2025-09-10', 1000);
    await spend(other.b.id, '2025-09-10', 777.77);
    await w.b.adminClient.post('/api/spendings/add', {
      building: w.b.building.id,
      date: '2025-09-11',
      concept: 'Luz',
      supplier: 'EPEC',
      details: 'Otro administrador',
      amount: 5555.55,
    });
    const res = await w.a.adminClient.post('/api/expenses/add/8/2025', { buildingId: mine.b.id });
    assert.equal(res.status, 201);
    assert.equal(res.body.total, 1000);
    assert.deepEqual(
      res.body.items.map((i: { amount: number }) => i.amount),
      [300, 700],
    );
    const statement = await w.a.adminClient.get(`/api/expenses/settlement/${mine.b.id}/2025/8`);
    assert.equal(statement.body.total, 1000);
    assert.equal(statement.body.spendings.length, 1);
    assert.deepEqual(statement.body.byConcept, [{ concept: 'Limpieza', total: 1000 }]);
  });

  test('the statement keeps the areas the month was settled with, whatever the apartment is changed to later', async () => {
    const { b, units } = await buildingWithUnits([25, 75]);
    await spend(b.id, '2025-10-05', 400);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/9/2025', { buildingId: b.id })).status, 201);
    const before = await w.a.adminClient.get(`/api/expenses/settlement/${b.id}/2025/9`);
    assert.equal(before.status, 200);
    assert.equal(before.body.totalMt2, 100);
    const edit = await w.a.adminClient.put(`/api/apartments/${units[0]!.id}`, {
      cata_apartment: units[0]!.cataApartment,
      mt2: 60,
      number_apartment: units[0]!.numberApartment,
      state: 0,
    });
    assert.equal(edit.status, 200);
    assert.equal(edit.body.mt2, 60);
    const after = await w.a.adminClient.get(`/api/expenses/settlement/${b.id}/2025/9`);
    assert.deepEqual(after.body, before.body);
    assert.deepEqual(
      after.body.items.map((i: { mt2: number; amount: number }) => [i.mt2, i.amount]),
      [
        [25, 100],
        [75, 300],
      ],
    );
    // OpenAPI describes the statement.
    const doc = (await t.client().get('/api/openapi.json')).body;
    const schema =
      doc.paths['/api/expenses/settlement/{buildingId}/{year}/{month}'].get.responses['200'].content['application/json'].schema;
    assert.ok(schema.properties.items && schema.properties.byConcept && schema.properties.totalMt2);
  });

  test('archived apartments stay in the expenses table while they have expenses, marked as archived', async () => {
    const { b, units } = await buildingWithUnits([40, 60]);
    const unsettled = await buildApartment(t.database.db, b.id, { numberApartment: '9Z', mt2: 0 });
    await spend(b.id, '2025-11-03', 100);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/10/2025', { buildingId: b.id })).status, 201);
    const gone = new Date();
    await t.database.db.update(apartments).set({ archivedAt: gone }).where(eq(apartments.id, units[0]!.id));
    // 9Z got a zero share: it has an expense, so it stays too; an archived apartment without any does not.
    const bare = await buildApartment(t.database.db, b.id, { numberApartment: '8Z', mt2: 10 });
    await t.database.db.update(apartments).set({ archivedAt: gone }).where(eq(apartments.id, bare.id));
    const table = await w.a.adminClient.get(`/api/expenses/allByApartments?buildingId=${b.id}`);
    assert.equal(table.status, 200);
    assert.equal(table.body.total, 3);
    assert.deepEqual(
      table.body.items.map((a: { id: number; archived: boolean; expenses: { amount: number }[] }) => [
        a.id,
        a.archived,
        a.expenses[0]?.amount,
      ]),
      [
        [units[0]!.id, true, 40],
        [units[1]!.id, false, 60],
        [unsettled.id, false, 0],
      ],
    );
    // Its unpaid expense can still be marked as paid.
    const expenseId = table.body.items[0].expenses[0].id;
    assert.equal((await w.a.adminClient.put(`/api/expenses/changeStatus/${expenseId}`)).body.status, 'Pagada');
  });

  test('settled months are listed newest first, a page at a time, with the total count', async () => {
    const { b } = await buildingWithUnits([10]);
    for (const m of [0, 1, 2]) {
      await spend(b.id, monthRange(2022, m).since, 10 + m);
      assert.equal((await w.a.adminClient.post(`/api/expenses/add/${m}/2022`, { buildingId: b.id })).status, 201);
    }
    const first = await w.a.adminClient.get(`/api/expenses/invoicedExpenses?buildingId=${b.id}&pageSize=2`);
    assert.deepEqual(first.body, {
      items: [
        { buildingId: b.id, year: 2022, month: 'mar', total: 12 },
        { buildingId: b.id, year: 2022, month: 'feb', total: 11 },
      ],
      total: 3,
    });
    const second = await w.a.adminClient.get(`/api/expenses/invoicedExpenses?buildingId=${b.id}&pageSize=2&page=2`);
    assert.deepEqual(second.body, { items: [{ buildingId: b.id, year: 2022, month: 'jan', total: 10 }], total: 3 });
  });

  test('the expenses table, an apartment’s expenses and the status toggle', async () => {
    const { b, units } = await buildingWithUnits([50, 50]);
    await spend(b.id, '2025-01-10', 100);
    await spend(b.id, '2025-02-10', 200);
    await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: b.id });
    await w.a.adminClient.post('/api/expenses/add/1/2025', { buildingId: b.id });

    const table = await w.a.adminClient.get(`/api/expenses/allByApartments?buildingId=${b.id}&number_apartment=2A`);
    assert.equal(table.status, 200);
    assert.equal(table.body.total, 1);
    const row = table.body.items[0];
    assert.equal(row.id, units[1]!.id);
    assert.equal(row.number_apartment, '2A');
    assert.equal(row.mt2, 50);
    assert.ok(row.cata_apartment);
    assert.deepEqual(
      row.expenses.map((e: { month: string; amount: number; status: string }) => [e.month, e.amount, e.status]),
      [
        ['feb', 100, 'Adeudada'],
        ['jan', 50, 'Adeudada'],
      ],
    );

    const mine = await w.a.adminClient.get(`/api/expenses/${units[1]!.id}`);
    assert.equal(mine.body.total, 2);
    const id = mine.body.items[0].id;
    const paid = await w.a.adminClient.put(`/api/expenses/changeStatus/${id}`);
    assert.equal(paid.status, 200);
    assert.equal(paid.body.status, 'Pagada');
    // Two toggles at once: each flips once, so the status ends where it started.
    const both = await Promise.all([
      w.a.adminClient.put(`/api/expenses/changeStatus/${id}`),
      w.a.adminClient.put(`/api/expenses/changeStatus/${id}`),
    ]);
    assert.deepEqual(both.map((r) => r.body.status).sort(), ['Adeudada', 'Pagada']);
    assert.equal((await w.a.adminClient.get(`/api/expenses/${units[1]!.id}`)).body.items[0].status, 'Pagada');
  });

  test('the settlement statement: spendings by concept and every apartment’s share; residents read their own building’s', async () => {
    const { b, units } = await buildingWithUnits([25, 75]);
    await spend(b.id, '2025-08-01', 100, 'LIMPIEZA');
    await spend(b.id, '2025-08-02', 50, 'limpieza');
    await spend(b.id, '2025-08-03', 250, 'Luz');
    await w.a.adminClient.post('/api/expenses/add/7/2025', { buildingId: b.id });
    const s = await w.a.adminClient.get(`/api/expenses/settlement/${b.id}/2025/7`);
    assert.equal(s.status, 200);
    assert.equal(s.body.total, 400);
    assert.equal(s.body.month, 'aug');
    assert.deepEqual(s.body.byConcept, [
      { concept: 'Luz', total: 250 },
      { concept: 'Limpieza', total: 150 },
    ]);
    assert.equal(s.body.spendings.length, 3);
    assert.deepEqual(
      s.body.items.map((i: { amount: number; status: string }) => [i.amount, i.status]),
      [
        [100, 'Adeudada'],
        [300, 'Adeudada'],
      ],
    );
    const resident = await buildResident(t.database.db, units[0]!.id);
    const rc = t.client();
    await rc.login(resident.email, resident.password);
    const rs = await rc.get(`/api/expenses/settlement/${b.id}/2025/7`);
    assert.equal(rs.status, 200);
    assert.equal(rs.body.items[0].status, undefined, 'neighbours’ payment status is not shown to residents');
    assert.equal((await rc.get(`/api/expenses/settlement/${w.a.building.id}/2025/7`)).status, 404);
    assert.equal((await w.a.adminClient.get(`/api/expenses/settlement/${b.id}/2025/8`)).status, 404);

    // A resident reads only their own apartment's expenses.
    const own = await rc.get(`/api/expenses/${units[0]!.id}`);
    assert.equal(own.status, 200);
    assert.deepEqual(
      own.body.items.map((e: { month: string; amount: number }) => [e.month, e.amount]),
      [['aug', 100]],
    );
    assert.equal((await rc.get(`/api/expenses/${units[1]!.id}`)).status, 404);
  });

  test('tenancy: another administrator’s buildings, apartments and expenses answer 404', async () => {
    await spend(w.a.building.id, '2024-01-10', 500);
    const settled = await w.a.adminClient.post('/api/expenses/add/0/2024', { buildingId: w.a.building.id });
    assert.equal(settled.status, 201);
    const expense = (await w.a.adminClient.get(`/api/expenses/${w.a.apartment.id}`)).body.items[0];
    const o = w.b.adminClient;
    assert.equal((await o.post('/api/expenses/add/1/2024', { buildingId: w.a.building.id })).status, 404);
    assert.equal((await o.get(`/api/expenses/allByApartments?buildingId=${w.a.building.id}`)).status, 404);
    const mine = await o.get('/api/expenses/allByApartments');
    assert.ok(mine.body.items.every((a: { buildingId: number }) => a.buildingId !== w.a.building.id));
    assert.equal((await o.get(`/api/expenses/invoicedExpenses?buildingId=${w.a.building.id}`)).status, 404);
    assert.ok(
      (await o.get('/api/expenses/invoicedExpenses')).body.items.every((s: { buildingId: number }) => s.buildingId !== w.a.building.id),
    );
    assert.equal((await o.get(`/api/expenses/${w.a.apartment.id}`)).status, 404);
    assert.equal((await o.put(`/api/expenses/changeStatus/${expense.id}`)).status, 404);
    assert.equal((await o.get(`/api/expenses/settlement/${w.a.building.id}/2024/0`)).status, 404);
    assert.equal((await w.b.residentClient.get(`/api/expenses/${w.a.apartment.id}`)).status, 404);
    assert.equal((await w.a.adminClient.get(`/api/expenses/${w.a.apartment.id}`)).body.items[0].status, 'Adeudada');
  });

  test('roles: residents cannot settle, list everyone or change a status', async () => {
    const r = w.a.residentClient;
    assert.equal((await r.post('/api/expenses/add/0/2025', { buildingId: w.a.building.id })).status, 403);
    assert.equal((await r.get('/api/expenses/allByApartments')).status, 403);
    // Their own building's settled months they do read (spendings-resident.test.ts).
    assert.equal((await r.get('/api/expenses/invoicedExpenses')).status, 200);
    assert.equal((await r.put('/api/expenses/changeStatus/1')).status, 403);
    assert.equal((await r.get(`/api/expenses/${w.a.apartment.id}`)).status, 200);
    assert.equal((await t.client().get(`/api/expenses/${w.a.apartment.id}`)).status, 401);
  });

  test('roles come before validation: a resident with a bad request gets 403, an anonymous caller 401', async () => {
    const bad: [string, string, unknown?][] = [
      ['POST', '/api/expenses/add/13/1800', { buildingId: 'x' }],
      ['POST', '/api/expenses/add/0/2025', {}],
      ['GET', '/api/expenses/allByApartments?buildingId=abc&pageSize=100000'],
      ['PUT', '/api/expenses/changeStatus/abc'],
    ];
    for (const [method, path, body] of bad) {
      const asResident = await w.a.residentClient.request(method, path, body);
      assert.equal(asResident.status, 403, `${method} ${path}`);
      assert.equal(asResident.body.error.code, 'FORBIDDEN');
      const anonymous = await t.client().request(method, path, body);
      assert.equal(anonymous.status, 401, `${method} ${path}`);
      assert.equal(anonymous.body.error.code, 'UNAUTHENTICATED');
    }
    // The calls residents may make still check their input, and only after the session.
    for (const path of ['/api/expenses/abc', '/api/expenses/settlement/1/2025/12']) {
      assert.equal((await t.client().get(path)).status, 401, path);
      assert.equal((await w.a.residentClient.get(path)).status, 404, path);
    }
    assert.equal((await t.client().get('/api/expenses/invoicedExpenses?buildingId=-1&page=0')).status, 401);
    assert.equal((await w.a.residentClient.get('/api/expenses/invoicedExpenses?buildingId=-1&page=0')).status, 400);
  });
});
