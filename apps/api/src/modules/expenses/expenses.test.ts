import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { apartments } from '../../db/schema.ts';

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
    assert.deepEqual(invoiced.body, { items: [{ buildingId: b.id, year: 2025, month: 'mar', total: 1000.01 }] });
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
    // The failed attempt did not settle the month: spendings can still be added and the month settled.
    assert.equal((await spend(empty.b.id, '2025-01-10', 10)).status, 201);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: empty.b.id })).status, 201);

    const noArea = await buildingWithUnits([0, 0]);
    await spend(noArea.b.id, '2025-01-10', 10);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: noArea.b.id })).status, 422);
    const noUnits = await buildingWithUnits([]);
    await spend(noUnits.b.id, '2025-01-10', 10);
    assert.equal((await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: noUnits.b.id })).status, 422);

    const archived = await buildingWithUnits([30, 70]);
    await t.database.db.update(apartments).set({ archivedAt: new Date() }).where(eq(apartments.id, archived.units[0]!.id));
    await spend(archived.b.id, '2025-01-10', 99.99);
    const res = await w.a.adminClient.post('/api/expenses/add/0/2025', { buildingId: archived.b.id });
    assert.deepEqual(res.body.items, [{ apartmentId: archived.units[1]!.id, amount: 99.99 }]);

    assert.equal((await w.a.adminClient.post('/api/expenses/add/12/2025', { buildingId: archived.b.id })).status, 400);
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
    assert.equal((await r.get('/api/expenses/invoicedExpenses')).status, 403);
    assert.equal((await r.put('/api/expenses/changeStatus/1')).status, 403);
    assert.equal((await r.get(`/api/expenses/${w.a.apartment.id}`)).status, 200);
    assert.equal((await t.client().get(`/api/expenses/${w.a.apartment.id}`)).status, 401);
  });
});
