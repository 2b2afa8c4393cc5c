import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { foldForSearch } from '@consorcio/domain';
import type { TestServer } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import { apartments, buildings, mailOutbox, ratings, services, users } from '../db/schema.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('demo data: useful services', () => {
  let t: TestServer;
  before(async () => {
    t = await startDemoServer(NOW);
  });
  after(async () => {
    await t.close();
  });

  test('every building has services, most accepted; pending ones are residents’ proposals, one in Torre Cañada', async () => {
    const { db } = t.database;
    const rows = await db.select().from(services);
    const all = await db.select().from(buildings);
    for (const b of all)
      assert.ok(
        rows.some((s) => s.buildingId === b.id && s.accepted),
        `${b.name} has accepted services`,
      );
    const pending = rows.filter((s) => !s.accepted);
    assert.ok(pending.length >= 2, 'at least two pending');
    assert.ok(rows.filter((s) => s.accepted).length > pending.length * 2, 'most accepted');
    const torre = all.find((b) => b.name === 'Torre Cañada')!;
    const residentOf = await db
      .select({ id: users.id, buildingId: apartments.buildingId })
      .from(users)
      .innerJoin(apartments, eq(users.apartmentId, apartments.id));
    const buildingOfUser = new Map(residentOf.map((r) => [r.id, r.buildingId]));
    assert.ok(pending.some((s) => s.buildingId === torre.id && buildingOfUser.get(s.createdBy!) === torre.id));
    for (const s of pending)
      assert.equal(buildingOfUser.get(s.createdBy!), s.buildingId, `${s.title} proposed by a resident of its building`);
    assert.ok(rows.every((s) => s.createdAt <= NOW));
    assert.ok(rows.every((s) => /^\d*$/.test(s.enrollment ?? '')));
    // Accented titles the accent-blind search can find.
    assert.ok(rows.some((s) => s.accepted && s.buildingId === torre.id && foldForSearch(s.title) !== s.title.toLowerCase()));
    assert.equal((await db.select().from(mailOutbox)).length, 0, 'no e-mail queued');
  });

  test('ratings: by residents of the service’s building, accepted services only, averages differ; Ana has some left to rate', async () => {
    const { db } = t.database;
    const rows = await db
      .select({
        serviceId: ratings.serviceId,
        userId: ratings.userId,
        rating: ratings.rating,
        at: ratings.createdAt,
        s: services,
        userBuilding: apartments.buildingId,
        email: users.email,
      })
      .from(ratings)
      .innerJoin(services, eq(ratings.serviceId, services.id))
      .innerJoin(users, eq(ratings.userId, users.id))
      .innerJoin(apartments, eq(users.apartmentId, apartments.id));
    assert.ok(rows.length >= 15);
    for (const r of rows) {
      assert.equal(r.userBuilding, r.s.buildingId);
      assert.ok(r.s.accepted);
      assert.ok(r.rating >= 1 && r.rating <= 5);
      assert.ok(r.at >= r.s.createdAt && r.at <= NOW);
    }
    assert.equal(new Set(rows.map((r) => `${r.serviceId}:${r.userId}`)).size, rows.length, 'one per user and service');

    const [torre] = await db.select().from(buildings).where(eq(buildings.name, 'Torre Cañada'));
    const accepted = (await db.select().from(services).where(eq(services.buildingId, torre!.id))).filter((s) => s.accepted);
    assert.ok(accepted.length > 4, 'more than one page of cards');
    const averages = accepted.map((s) => {
      const mine = rows.filter((r) => r.serviceId === s.id);
      return mine.length ? Math.round((mine.reduce((a, r) => a + r.rating, 0) / mine.length) * 10) / 10 : null;
    });
    assert.equal(new Set(averages).size, averages.length, `averages differ: ${averages.join(', ')}`);
    const anaRated = new Set(rows.filter((r) => r.email === 'ana.gomez@demo.com.ar').map((r) => r.serviceId));
    assert.ok(anaRated.size >= 2 && anaRated.size < accepted.length);
  });
});
