import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { AMENITY_MSG, NO_RULES, RULE_MSG, type AmenityRules } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amenities, bookings, expenses, settlements } from '../../db/schema.ts';
import { buildApartment, buildResident } from '../../seed/factories.ts';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';

/** The server's clock: Tuesday 10/03/2026, 12:00 in Argentina (UTC−3), unless a test moves it. */
const NOW = new Date('2026-03-10T15:00:00Z');

async function buildAmenity(
  db: DbOrTx,
  buildingId: number,
  o: { type?: string; capacity?: number; rules?: Partial<AmenityRules>; archived?: boolean } = {},
) {
  const [row] = await db
    .insert(amenities)
    .values({
      buildingId,
      amenityType: o.type ?? 'Parrilla',
      capacity: o.capacity ?? 1,
      rules: { ...NO_RULES, ...o.rules },
      archivedAt: o.archived ? new Date() : null,
    })
    .returning();
  return row!;
}

/** One window of an amenity: `seats` slots starting at `start` (local 'YYYY-MM-DDTHH:mm'). Their ids, by seat. */
async function buildWindow(db: DbOrTx, amenityId: number, start: string, o: { minutes?: number; seats?: number } = {}) {
  const finish = new Date(Date.parse(`${start}:00Z`) + (o.minutes ?? 60) * 60_000).toISOString().slice(0, 16);
  const rows = await db
    .insert(bookings)
    .values(Array.from({ length: o.seats ?? 1 }, (_, i) => ({ amenityId, start, finish, seat: i + 1 })))
    .returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

const conflictWith = (res: HttpResponse, message: string) => {
  assert.equal(res.status, 409, res.text);
  assert.equal(res.body.error.code, 'CONFLICT');
  assert.equal(res.body.error.message, message);
};

describe('taking and cancelling slots', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let now = NOW;
  const db = () => t.database.db;

  before(async () => {
    t = await startTestServer({ services: { clock: () => now } });
    w = await twoTenants(t);
  });
  after(async () => {
    await t.close();
  });
  beforeEach(() => {
    now = NOW;
  });

  /** A resident logged in, in a new apartment of the building (or the given apartment). */
  async function residentOf(buildingId: number, apartmentId?: number, name = 'Vecina') {
    const apt = apartmentId ?? (await buildApartment(db(), buildingId)).id;
    const r = await buildResident(db(), apt, { name });
    const client = t.client();
    await client.login(r.email, r.password);
    return { ...r, apartmentId: apt, client };
  }

  const take = (c: HttpClient, bookingId: number, userId: number) => c.put(`/api/bookings/takeBooking/${bookingId}/${userId}`, {});
  const cancel = (c: HttpClient, bookingId: number) => c.put(`/api/bookings/cancelBooking/${bookingId}`, {});
  const slotRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

  test('a resident takes a free slot; nobody else can take it then', async () => {
    const a = await buildAmenity(db(), w.a.building.id, { type: 'Quincho', capacity: 1 });
    const [slot] = await buildWindow(db(), a.id, '2026-03-12T20:00', { minutes: 120 });
    const res = await take(w.a.residentClient, slot!, w.a.resident.id);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      { ...res.body, createdAt: undefined },
      {
        id: slot,
        amenityId: a.id,
        start: '2026-03-12T20:00',
        finish: '2026-03-12T22:00',
        status: 'booked',
        userId: w.a.resident.id,
        user: { id: w.a.resident.id, name: 'Vecino A' },
        createdAt: undefined,
      },
    );
    assert.match(res.body.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

    const other = await residentOf(w.a.building.id);
    conflictWith(await take(other.client, slot!, other.id), AMENITY_MSG.taken);
    conflictWith(await take(w.a.residentClient, slot!, w.a.resident.id), AMENITY_MSG.taken);
    conflictWith(await take(w.a.adminClient, slot!, other.id), AMENITY_MSG.taken);
    assert.equal((await slotRow(slot!)).userId, w.a.resident.id);
  });

  test("tenancy: another building's resident or administrator, another user's id, an archived amenity → 404", async () => {
    const a = await buildAmenity(db(), w.a.building.id);
    const [slot, booked] = await buildWindow(db(), a.id, '2026-03-13T10:00', { seats: 2 });
    const archived = await buildAmenity(db(), w.a.building.id, { archived: true });
    const [archivedSlot] = await buildWindow(db(), archived.id, '2026-03-13T10:00');
    const neighbour = await residentOf(w.a.building.id, undefined, 'Vecino Del Mismo');
    assert.equal((await take(neighbour.client, booked!, neighbour.id)).status, 200);

    const notFound = (res: HttpResponse) => {
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error.code, 'NOT_FOUND');
    };
    // Another building's resident, for themself; another building's administrator, for either resident.
    notFound(await take(w.b.residentClient, slot!, w.b.resident.id));
    notFound(await take(w.b.adminClient, slot!, w.a.resident.id));
    notFound(await take(w.b.adminClient, slot!, w.b.resident.id));
    // A resident booking for someone else, even a neighbour; an administrator for a resident of another building.
    notFound(await take(w.a.residentClient, slot!, neighbour.id));
    notFound(await take(w.a.adminClient, slot!, w.b.resident.id));
    // Not a resident: the administrator themself; a banned resident.
    notFound(await take(w.a.adminClient, slot!, w.a.admin.id));
    const banned = await buildResident(db(), w.a.apartment.id, { isDeleted: true });
    notFound(await take(w.a.adminClient, slot!, banned.id));
    // No such slot, an archived amenity's slot, an id that is no id.
    notFound(await take(w.a.residentClient, 2_000_000_000, w.a.resident.id));
    notFound(await take(w.a.residentClient, archivedSlot!, w.a.resident.id));
    notFound(await take(w.a.adminClient, archivedSlot!, w.a.resident.id));
    notFound(await w.a.residentClient.put(`/api/bookings/takeBooking/abc/${w.a.resident.id}`, {}));
    notFound(await w.a.residentClient.put(`/api/bookings/takeBooking/${slot}/99999999999`, {}));
    // Cancelling: another building's people, a neighbour, a slot that is not the caller's.
    notFound(await cancel(w.b.residentClient, booked!));
    notFound(await cancel(w.b.adminClient, booked!));
    notFound(await cancel(w.a.residentClient, booked!));
    notFound(await cancel(w.a.residentClient, slot!));
    notFound(await w.a.residentClient.put('/api/bookings/cancelBooking/0', {}));
    assert.equal((await slotRow(slot!)).status, 'free');
    assert.equal((await slotRow(booked!)).userId, neighbour.id);

    assert.equal((await t.client().put(`/api/bookings/takeBooking/${slot}/${w.a.resident.id}`, {})).status, 401);
    assert.equal((await t.client().put(`/api/bookings/cancelBooking/${booked}`, {})).status, 401);
  });

  test('an administrator books for a resident of the building, over the rules', async () => {
    const a = await buildAmenity(db(), w.a.building.id, {
      rules: { maxPerWeek: 1, advanceDays: 1, minNoticeHours: 48, blockDebtors: true },
    });
    const [s1] = await buildWindow(db(), a.id, '2026-03-11T10:00');
    const [s2] = await buildWindow(db(), a.id, '2026-03-14T10:00');
    const r1 = await take(w.a.adminClient, s1!, w.a.resident.id);
    assert.equal(r1.status, 200, r1.text);
    assert.equal(r1.body.userId, w.a.resident.id);
    assert.deepEqual(r1.body.user, { id: w.a.resident.id, name: 'Vecino A' });
    const r2 = await take(w.a.adminClient, s2!, w.a.resident.id);
    assert.equal(r2.status, 200, r2.text);
    // The resident themself is held to the rules for a third.
    const [s3] = await buildWindow(db(), a.id, '2026-03-11T18:00');
    conflictWith(await take(w.a.residentClient, s3!, w.a.resident.id), RULE_MSG.minNoticeHours(48, 'Parrilla'));
  });

  test("past slots: one starting now can't be taken, one a minute later can (by the server's clock in Argentina)", async () => {
    const a = await buildAmenity(db(), w.a.building.id);
    const [startsNow] = await buildWindow(db(), a.id, '2026-03-10T12:00');
    const [earlier] = await buildWindow(db(), a.id, '2026-03-09T12:00');
    const [nextMinute] = await buildWindow(db(), a.id, '2026-03-10T12:01');
    conflictWith(await take(w.a.residentClient, startsNow!, w.a.resident.id), AMENITY_MSG.past);
    conflictWith(await take(w.a.residentClient, earlier!, w.a.resident.id), AMENITY_MSG.past);
    conflictWith(await take(w.a.adminClient, startsNow!, w.a.resident.id), AMENITY_MSG.past);
    // In UTC it is already 15:00: the comparison is in Argentina's time.
    const ok = await take(w.a.residentClient, nextMinute!, w.a.resident.id);
    assert.equal(ok.status, 200, ok.text);
    // Once it starts, the booker can no longer cancel it either.
    now = new Date('2026-03-10T15:01:00Z');
    conflictWith(await cancel(w.a.residentClient, nextMinute!), AMENITY_MSG.past);
    assert.equal((await cancel(w.a.adminClient, nextMinute!)).status, 200, 'an administrator still can');
  });

  test('one seat per resident and window; a neighbour takes another seat; a cancelled seat frees the resident', async () => {
    const a = await buildAmenity(db(), w.a.building.id, { type: 'Gimnasio', capacity: 3 });
    const [s1, s2, s3] = await buildWindow(db(), a.id, '2026-03-11T08:00', { seats: 3 });
    assert.equal((await take(w.a.residentClient, s1!, w.a.resident.id)).status, 200);
    conflictWith(await take(w.a.residentClient, s2!, w.a.resident.id), AMENITY_MSG.onePerWindow);
    conflictWith(await take(w.a.adminClient, s2!, w.a.resident.id), AMENITY_MSG.onePerWindow);
    const neighbour = await residentOf(w.a.building.id);
    assert.equal((await take(neighbour.client, s2!, neighbour.id)).status, 200);
    // Another window of the same amenity is fine.
    const [other] = await buildWindow(db(), a.id, '2026-03-11T09:00');
    assert.equal((await take(w.a.residentClient, other!, w.a.resident.id)).status, 200);
    // After cancelling the first seat, the resident may take the last one.
    assert.equal((await cancel(w.a.residentClient, s1!)).status, 200);
    assert.equal((await take(w.a.residentClient, s3!, w.a.resident.id)).status, 200);
  });

  test('cancelling: the booker keeps the history, again changes nothing, the slot can be taken again', async () => {
    const a = await buildAmenity(db(), w.a.building.id);
    const [slot] = await buildWindow(db(), a.id, '2026-03-20T19:00');
    assert.equal((await take(w.a.residentClient, slot!, w.a.resident.id)).status, 200);
    const res = await cancel(w.a.residentClient, slot!);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'cancelled');
    assert.equal(res.body.userId, w.a.resident.id, 'kept for the history');
    const again = await cancel(w.a.residentClient, slot!);
    assert.equal(again.status, 200);
    assert.equal(again.body.status, 'cancelled');

    const neighbour = await residentOf(w.a.building.id);
    const retaken = await take(neighbour.client, slot!, neighbour.id);
    assert.equal(retaken.status, 200, retaken.text);
    assert.equal(retaken.body.userId, neighbour.id);
    // The first booker no longer reaches it; the administrator cancels it for the neighbour.
    assert.equal((await cancel(w.a.residentClient, slot!)).status, 404);
    const byAdmin = await cancel(w.a.adminClient, slot!);
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.body.status, 'cancelled');
    assert.equal(byAdmin.body.userId, neighbour.id);
    // An administrator may cancel a free slot too (it stops being offered).
    const [free] = await buildWindow(db(), a.id, '2026-03-21T19:00');
    const freed = await cancel(w.a.adminClient, free!);
    assert.equal(freed.status, 200);
    assert.deepEqual([freed.body.status, freed.body.userId, freed.body.user], ['cancelled', null, null]);
  });

  describe('rules, each refused and allowed at its boundary', () => {
    test('maxPerWeek counts active bookings of the apartment, Monday to Sunday, of that amenity', async () => {
      const apt = (await buildApartment(db(), w.a.building.id)).id;
      const ana = await residentOf(w.a.building.id, apt, 'Ana');
      const tito = await residentOf(w.a.building.id, apt, 'Tito');
      const a = await buildAmenity(db(), w.a.building.id, { type: 'Parrilla', rules: { maxPerWeek: 2 } });
      const otherAmenity = await buildAmenity(db(), w.a.building.id, { type: 'Pileta', rules: { maxPerWeek: 2 } });
      const [wed] = await buildWindow(db(), a.id, '2026-03-11T20:00');
      const [sun] = await buildWindow(db(), a.id, '2026-03-15T23:00');
      const [sat] = await buildWindow(db(), a.id, '2026-03-14T20:00');
      const [nextMon] = await buildWindow(db(), a.id, '2026-03-16T00:00');
      const [pool] = await buildWindow(db(), otherAmenity.id, '2026-03-12T20:00');

      assert.equal((await take(ana.client, wed!, ana.id)).status, 200);
      assert.equal((await take(tito.client, sat!, tito.id)).status, 200, 'the second of the apartment: allowed');
      conflictWith(await take(ana.client, sun!, ana.id), RULE_MSG.maxPerWeek(2, 'Parrilla'));
      conflictWith(await take(tito.client, sun!, tito.id), RULE_MSG.maxPerWeek(2, 'Parrilla'));
      assert.equal((await take(ana.client, nextMon!, ana.id)).status, 200, 'Monday 00:00 starts another week');
      assert.equal((await take(ana.client, pool!, ana.id)).status, 200, 'another amenity counts apart');
      // Another apartment is not limited by this one's bookings.
      assert.equal((await take(w.a.residentClient, sun!, w.a.resident.id)).status, 200);
      // A cancelled booking does not count.
      const [fri] = await buildWindow(db(), a.id, '2026-03-13T20:00');
      assert.equal((await cancel(tito.client, sat!)).status, 200);
      assert.equal((await take(ana.client, fri!, ana.id)).status, 200);
    });

    test('maxPerMonth counts the calendar month of the slot', async () => {
      const r = await residentOf(w.a.building.id);
      const a = await buildAmenity(db(), w.a.building.id, { type: 'SUM', rules: { maxPerMonth: 2 } });
      const [m1] = await buildWindow(db(), a.id, '2026-03-01T10:00'); // past: does not matter, it is not taken
      const [m2] = await buildWindow(db(), a.id, '2026-03-12T10:00');
      const [m3] = await buildWindow(db(), a.id, '2026-03-31T23:00');
      const [m4] = await buildWindow(db(), a.id, '2026-03-20T10:00');
      const [april] = await buildWindow(db(), a.id, '2026-04-01T00:00');
      void m1;
      assert.equal((await take(r.client, m2!, r.id)).status, 200);
      assert.equal((await take(r.client, m3!, r.id)).status, 200, 'the second of the month: allowed');
      conflictWith(await take(r.client, m4!, r.id), RULE_MSG.maxPerMonth(2, 'SUM'));
      assert.equal((await take(r.client, april!, r.id)).status, 200, 'April 1st, 00:00 is another month');
    });

    test('advanceDays: until the end of the Nth day from today', async () => {
      const r = await residentOf(w.a.building.id);
      const a = await buildAmenity(db(), w.a.building.id, { type: 'Pileta', rules: { advanceDays: 3 } });
      const [lastMinute] = await buildWindow(db(), a.id, '2026-03-13T23:55', { minutes: 5 });
      const [tooFar] = await buildWindow(db(), a.id, '2026-03-14T00:00');
      conflictWith(await take(r.client, tooFar!, r.id), RULE_MSG.advanceDays(3, 'Pileta'));
      assert.equal((await take(r.client, lastMinute!, r.id)).status, 200);
      // Late on 10/03 in Argentina (already 11/03 in UTC), 14/03 is still four days ahead.
      now = new Date('2026-03-11T02:30:00Z');
      conflictWith(await take(r.client, tooFar!, r.id), RULE_MSG.advanceDays(3, 'Pileta'));
      now = new Date('2026-03-11T03:00:00Z');
      assert.equal((await take(r.client, tooFar!, r.id)).status, 200, 'from 11/03 00:00 it is three days ahead');
      // advanceDays 0: today only.
      const today = await buildAmenity(db(), w.a.building.id, { type: 'Gimnasio', rules: { advanceDays: 0 } });
      now = NOW;
      const [tonight] = await buildWindow(db(), today.id, '2026-03-10T23:00');
      const [tomorrow] = await buildWindow(db(), today.id, '2026-03-11T07:00');
      conflictWith(await take(r.client, tomorrow!, r.id), RULE_MSG.advanceDays(0, 'Gimnasio'));
      assert.equal((await take(r.client, tonight!, r.id)).status, 200);
    });

    test('minNoticeHours: the start at least N hours from now', async () => {
      const r = await residentOf(w.a.building.id);
      const a = await buildAmenity(db(), w.a.building.id, { type: 'Quincho', rules: { minNoticeHours: 2 } });
      const [exactly] = await buildWindow(db(), a.id, '2026-03-10T14:00');
      const [tooSoon] = await buildWindow(db(), a.id, '2026-03-10T13:55');
      conflictWith(await take(r.client, tooSoon!, r.id), RULE_MSG.minNoticeHours(2, 'Quincho'));
      assert.equal((await take(r.client, exactly!, r.id)).status, 200);
      const one = await buildAmenity(db(), w.a.building.id, { type: 'Sauna', rules: { minNoticeHours: 1 } });
      const [s] = await buildWindow(db(), one.id, '2026-03-10T13:00');
      now = new Date('2026-03-10T15:00:01Z');
      conflictWith(await take(r.client, s!, r.id), RULE_MSG.minNoticeHours(1, 'Sauna'));
    });

    test('cancelHours: the booker cancels no later than N hours before; an administrator any time', async () => {
      const r = await residentOf(w.a.building.id);
      const a = await buildAmenity(db(), w.a.building.id, { type: 'Parrilla', rules: { cancelHours: 24 } });
      const [exactly] = await buildWindow(db(), a.id, '2026-03-11T12:00');
      const [late] = await buildWindow(db(), a.id, '2026-03-11T11:55');
      assert.equal((await take(r.client, exactly!, r.id)).status, 200);
      assert.equal((await take(r.client, late!, r.id)).status, 200);
      conflictWith(await cancel(r.client, late!), RULE_MSG.cancelHours(24, 'Parrilla'));
      assert.equal((await slotRow(late!)).status, 'booked');
      const ok = await cancel(r.client, exactly!);
      assert.equal(ok.status, 200, ok.text);
      const byAdmin = await cancel(w.a.adminClient, late!);
      assert.equal(byAdmin.status, 200, byAdmin.text);
    });

    test('blockDebtors: an expense Adeudada of an earlier month blocks; of this month, or paid, does not', async () => {
      const apt = await buildApartment(db(), w.a.building.id);
      const r = await residentOf(w.a.building.id, apt.id);
      const a = await buildAmenity(db(), w.a.building.id, { type: 'SUM', rules: { blockDebtors: true } });
      const free = await buildAmenity(db(), w.a.building.id, { type: 'Solarium' });
      const [s1, s2] = await buildWindow(db(), a.id, '2026-03-12T10:00', { seats: 2 });
      const [s3] = await buildWindow(db(), free.id, '2026-03-12T10:00');
      void s2;
      const expense = async (year: number, month: number, status: 'Adeudada' | 'Pagada') => {
        const [s] = await db()
          .insert(settlements)
          .values({ buildingId: w.a.building.id, year, month, totalCents: 100_000 })
          .onConflictDoNothing()
          .returning();
        const settlementId =
          s?.id ??
          (await db().select().from(settlements).where(eq(settlements.buildingId, w.a.building.id))).find(
            (x) => x.year === year && x.month === month,
          )!.id;
        await db()
          .insert(expenses)
          .values({ apartmentId: apt.id, buildingId: w.a.building.id, settlementId, year, month, amountCents: 10_000, mt2: 50, status });
      };
      await expense(2026, 2, 'Adeudada'); // March, this month
      await expense(2026, 0, 'Pagada'); // January, paid
      assert.equal((await take(r.client, s1!, r.id)).status, 200);
      assert.equal((await cancel(r.client, s1!)).status, 200);
      await expense(2026, 1, 'Adeudada'); // February, owed
      conflictWith(await take(r.client, s1!, r.id), RULE_MSG.blockDebtors('SUM'));
      assert.equal((await take(r.client, s3!, r.id)).status, 200, 'an amenity without the rule');
      // December of the year before counts as earlier too; the next month it is still owed.
      await db().update(expenses).set({ status: 'Pagada' }).where(eq(expenses.apartmentId, apt.id));
      await expense(2025, 11, 'Adeudada');
      conflictWith(await take(r.client, s1!, r.id), RULE_MSG.blockDebtors('SUM'));
      await db().update(expenses).set({ status: 'Pagada' }).where(eq(expenses.apartmentId, apt.id));
      assert.equal((await take(r.client, s1!, r.id)).status, 200, 'paid up');
    });
  });

  test('refusals leave the slot as it was', async () => {
    const a = await buildAmenity(db(), w.a.building.id, { rules: { maxPerWeek: 1 } });
    const [s1] = await buildWindow(db(), a.id, '2026-03-11T10:00');
    const [s2] = await buildWindow(db(), a.id, '2026-03-12T10:00');
    assert.equal((await take(w.a.residentClient, s1!, w.a.resident.id)).status, 200);
    assert.equal((await take(w.a.residentClient, s2!, w.a.resident.id)).status, 409);
    const row = await slotRow(s2!);
    assert.deepEqual([row.status, row.userId], ['free', null]);
  });
});
