import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { centsToPesos, normalizeConcept, pesosToCents, TOP_CONCEPTS, totalsByConcept } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { buildAdmin, buildApartment, buildBuilding } from '../../seed/factories.ts';

/**
 * The statement (GET /expenses/settlement) and the chart (GET /spendings/stats) name and group
 * concepts by one definition, normalizeConcept of @consorcio/domain, whatever the database's locale:
 * on PostgreSQL the database is created with the C locale, where upper('á') is 'á'.
 */
describe('concepts: the statement and the chart group them the same way', () => {
  let t: TestServer;
  let c: HttpClient;
  let adminId: number;
  before(async () => {
    t = await startTestServer({ postgresLocale: 'C' });
    const admin = await buildAdmin(t.database.db);
    adminId = admin.id;
    c = t.client();
    await c.login(admin.email, admin.password);
  });
  after(() => t.close());

  const add = async (building: number, date: string, concept: string, amount: number) => {
    const res = await c.post('/api/spendings/add', { building, date, concept, supplier: 'Proveedor', details: 'Detalle', amount });
    assert.equal(res.status, 201, res.text);
  };
  const asPesos = (rows: { concept: string; totalCents: number }[]) =>
    rows.map((r) => ({ concept: r.concept, total: centsToPesos(r.totalCents) }));

  test('accented and differently cased concepts: one group each, as normalizeConcept names them', async () => {
    const b = await buildBuilding(t.database.db, adminId);
    await buildApartment(t.database.db, b.id, { numberApartment: '1A', mt2: 50 });
    const march: [string, number][] = [
      ['ELECTRICIDAD', 100],
      ['electricidad', 10],
      ['Eléctricidad', 1],
      ['ELÉCTRICIDAD', 1000],
      ['Ele\u0301ctricidad', 2000], // the same word with a combining accent (NFD)
      ['ÁGUA', 20000],
      ['água', 30000],
      ['Água', 400],
    ];
    for (const [concept, amount] of march) await add(b.id, '2025-03-10', concept, amount);
    const expected = asPesos(totalsByConcept(march.map(([concept, amount]) => ({ concept, amountCents: pesosToCents(amount) }))));
    // What the domain function says, spelt out.
    assert.deepEqual(expected, [
      { concept: 'Água', total: 50400 },
      { concept: 'Eléctricidad', total: 3001 },
      { concept: 'Electricidad', total: 110 },
    ]);
    assert.equal(normalizeConcept('ÁGUA'), 'Água');

    const settle = await c.post('/api/expenses/add/2/2025', { buildingId: b.id });
    assert.equal(settle.status, 201, settle.text);
    const statement = await c.get(`/api/expenses/settlement/${b.id}/2025/2`);
    assert.equal(statement.status, 200);
    const chart = await c.get(`/api/spendings/stats?buildingId=${b.id}&year=2025&month=2`);
    assert.equal(chart.status, 200);
    assert.deepEqual(statement.body.byConcept, expected);
    assert.deepEqual(chart.body.byConcept, expected);
  });

  test('the year’s top concepts are ranked after the spellings are merged', async () => {
    const b = await buildBuilding(t.database.db, adminId);
    // Ten concepts of 10..19 pesos; "água" spelt three ways, 7 pesos each: 21 merged, first of the year.
    const rows: [string, string, number][] = [
      ...Array.from({ length: TOP_CONCEPTS }, (_, i) => ['2025-04-02', `Extra ${i}`, 10 + i] as [string, string, number]),
      ['2025-05-02', 'ÁGUA', 7],
      ['2025-06-02', 'água', 7],
      ['2025-07-02', 'Água', 7],
    ];
    for (const [date, concept, amount] of rows) await add(b.id, date, concept, amount);
    const expected = asPesos(
      totalsByConcept(rows.map(([, concept, amount]) => ({ concept, amountCents: pesosToCents(amount) }))).slice(0, TOP_CONCEPTS),
    );
    assert.deepEqual(expected[0], { concept: 'Água', total: 21 });
    const chart = await c.get(`/api/spendings/stats?buildingId=${b.id}&year=2025`);
    assert.equal(chart.status, 200);
    assert.deepEqual(chart.body.byConcept, expected);
  });
});
