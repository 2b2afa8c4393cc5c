import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../../test/harness.ts';
import { startDemoServer } from '../../test/fixtures.ts';
import { amenities, mailOutbox } from '../../db/schema.ts';
import { DEMO_ADMIN, DEMO_RESIDENT_PASSWORD } from '../../seed/demo.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('demo data: amenities and slots', () => {
  let t: TestServer;
  before(async () => {
    t = await startDemoServer(NOW);
  });
  after(() => t.close());

  test('two or three amenities per building with rules, four weeks of slots from the seeding day, some booked (Ana too), no e-mail', async () => {
    const rows = await t.database.db.select().from(amenities);
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.buildingId, (counts.get(r.buildingId) ?? 0) + 1);
    const perBuilding = [...counts.values()];
    assert.ok(perBuilding.length >= 3 && perBuilding.every((n) => n >= 2 && n <= 3), JSON.stringify(perBuilding));
    const parrilla = rows.find((r) => r.amenityType === 'Parrilla')!;
    assert.equal(parrilla.rules.maxPerWeek, 2);
    assert.equal(parrilla.rules.cancelHours, 24);
    const sum = rows.find((r) => r.amenityType === 'SUM')!;
    assert.deepEqual([sum.rules.advanceDays, sum.rules.blockDebtors], [30, true]);

    const admin = t.client();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const slots = (await admin.get(`/api/bookings/byAmenity/${parrilla.id}?pageSize=500`)).body;
    assert.equal(slots.total, 28 * 2);
    assert.equal(slots.items[0].start, '2026-03-10T11:00');
    assert.equal(slots.items.at(-1).start, '2026-04-06T17:00');

    const ana = t.client();
    const login = await ana.login('ana.gomez@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    const mine = (await ana.get(`/api/bookings/taked/${login.body.id}`)).body;
    assert.ok(mine.total >= 2, JSON.stringify(mine));
    assert.ok(mine.items.every((s: { start: string }) => s.start > '2026-03-10T12:00'));
    const list = (await ana.get('/api/amenities')).body;
    assert.ok(list.items.every((a: { freeSlots: number }) => a.freeSlots > 0));
    assert.equal((await t.database.db.select().from(mailOutbox)).length, 0);
  });
});
