import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray } from 'drizzle-orm';
import { AMENITY_MSG, NO_RULES, RULE_MSG, type AmenityRules } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amenities, bookings, mailOutbox } from '../../db/schema.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from '../../test/harness.ts';

/**
 * Parallel requests through the real server: the conditional update, the partial unique index
 * and the apartment's row lock must each let exactly the right number through, on both engines.
 */

/** The server's clock: Tuesday 10/03/2026, 12:00 in Argentina. */
const NOW = new Date('2026-03-10T15:00:00Z');

async function buildAmenity(db: DbOrTx, buildingId: number, o: { capacity?: number; rules?: Partial<AmenityRules> } = {}) {
  const [row] = await db
    .insert(amenities)
    .values({ buildingId, amenityType: 'Parrilla', capacity: o.capacity ?? 1, rules: { ...NO_RULES, ...o.rules } })
    .returning();
  return row!;
}

async function buildWindow(db: DbOrTx, amenityId: number, start: string, seats = 1) {
  const finish = new Date(Date.parse(`${start}:00Z`) + 3600_000).toISOString().slice(0, 16);
  const rows = await db
    .insert(bookings)
    .values(Array.from({ length: seats }, (_, i) => ({ amenityId, start, finish, seat: i + 1 })))
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

function tally(responses: HttpResponse[]) {
  const out: Record<string, number> = {};
  for (const r of responses) {
    assert.ok(r.status === 200 || r.status === 409, `unexpected ${r.status}: ${r.text}`);
    const key = r.status === 200 ? 'ok' : r.body.error.message;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('races: parallel takes', () => {
  let t: TestServer;
  let buildingId: number;
  let admin: HttpClient;
  const db = () => t.database.db;

  before(async () => {
    t = await startTestServer({ services: { clock: () => NOW } });
    const a = await buildAdmin(db());
    buildingId = (await buildBuilding(db(), a.id, { name: 'Torre Carrera' })).id;
    admin = t.client();
    await admin.login(a.email, a.password);
  });
  after(async () => {
    await t.close();
  });

  async function residents(n: number, apartmentId?: number) {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const apt = apartmentId ?? (await buildApartment(db(), buildingId, { numberApartment: `R${i}-${Math.random()}`.slice(0, 10) })).id;
        const r = await buildResident(db(), apt, { name: `Vecino ${i}` });
        const client = t.client();
        await client.login(r.email, r.password);
        return { ...r, client };
      }),
    );
  }

  const take = (c: HttpClient, bookingId: number, userId: number) => c.put(`/api/bookings/takeBooking/${bookingId}/${userId}`, {});

  test('50 residents take the same slot at once: exactly one wins, the rest hear it was taken', async () => {
    const a = await buildAmenity(db(), buildingId);
    const [slot] = await buildWindow(db(), a.id, '2026-03-12T20:00');
    const people = await residents(50);
    const responses = await Promise.all(people.map((p) => take(p.client, slot!, p.id)));
    assert.deepEqual(tally(responses), { ok: 1, [AMENITY_MSG.taken]: 49 });
    const winner = people[responses.findIndex((r) => r.status === 200)]!;
    const [row] = await db().select().from(bookings).where(eq(bookings.id, slot!));
    assert.deepEqual([row!.status, row!.userId], ['booked', winner.id]);
    // Only the winner's confirmation was queued: the losers' transactions left nothing behind.
    const queued = await db()
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          people.map((p) => p.email),
        ),
      );
    assert.deepEqual(
      queued.map((q) => q.to),
      [winner.email],
    );
  });

  test('one resident takes every seat of one window at once: exactly one', async () => {
    const a = await buildAmenity(db(), buildingId, { capacity: 20 });
    const seats = await buildWindow(db(), a.id, '2026-03-13T09:00', 20);
    const [me] = await residents(1);
    const responses = await Promise.all(seats.map((id) => take(me!.client, id, me!.id)));
    assert.deepEqual(tally(responses), { ok: 1, [AMENITY_MSG.onePerWindow]: 19 });
    const held = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.amenityId, a.id), eq(bookings.status, 'booked')));
    assert.deepEqual(
      held.map((h) => h.userId),
      [me!.id],
    );
  });

  test('an administrator booking one resident into every seat at once: exactly one (the index decides, no rules)', async () => {
    const a = await buildAmenity(db(), buildingId, { capacity: 15 });
    const seats = await buildWindow(db(), a.id, '2026-03-13T10:00', 15);
    const [me] = await residents(1);
    const responses = await Promise.all(seats.map((id) => take(admin, id, me!.id)));
    assert.deepEqual(tally(responses), { ok: 1, [AMENITY_MSG.onePerWindow]: 14 });
  });

  test("an apartment's residents booking many windows at once stay within maxPerWeek", async () => {
    const a = await buildAmenity(db(), buildingId, { rules: { maxPerWeek: 2 } });
    const windows = await Promise.all(
      ['11', '12', '13', '14', '15'].flatMap((day) =>
        ['10:00', '14:00', '18:00'].map(async (h) => (await buildWindow(db(), a.id, `2026-03-${day}T${h}`))[0]!),
      ),
    );
    const apt = await buildApartment(db(), buildingId);
    const family = await residents(3, apt.id);
    const responses = await Promise.all(windows.map((id, i) => take(family[i % 3]!.client, id, family[i % 3]!.id)));
    assert.deepEqual(tally(responses), { ok: 2, [RULE_MSG.maxPerWeek(2, 'Parrilla')]: 13 });
  });
});
