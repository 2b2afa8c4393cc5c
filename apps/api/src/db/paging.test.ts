import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TestServer, HttpClient } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import { paging } from './paging.ts';
import { amenities, apartments, bookings, complaints, expenses, payments, users } from './schema.ts';
import { DEMO_ADMIN, DEMO_RESIDENT_PASSWORD } from '../seed/demo.ts';
import { insertSlots } from '../modules/bookings/bookings.repository.ts';
import { buildApartment, buildBuilding, buildResident, buildSubscription } from '../seed/factories.ts';
import { NO_RULES } from '@consorcio/domain';

const NOW = new Date('2026-03-10T15:00:00Z');

/**
 * Every paged list read page by page, at several page sizes, gives exactly the list read at once: the
 * deeper pages (counted first, the second half read from the end in the reverse order) keep the order,
 * and a page past the end answers no rows with the same total.
 */
describe('paging: every page of every list', () => {
  let t: TestServer;
  let admin: HttpClient;
  let ana: HttpClient;
  const lists: { name: string; client: () => HttpClient; url: string }[] = [];

  before(async () => {
    t = await startDemoServer(NOW);
    admin = t.client();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    ana = t.client();
    await ana.login('ana.gomez@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    const { db } = t.database;
    const one = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
    const n = sql<number>`count(*)::int`;
    // The ids with the most rows behind them, so every list has pages to read.
    const building = await one(
      db
        .select({ n: apartments.buildingId })
        .from(apartments)
        .groupBy(apartments.buildingId)
        .orderBy(sql`${n} desc`, apartments.buildingId)
        .limit(1),
    );
    const apartment = await one(
      db
        .select({ n: users.apartmentId })
        .from(users)
        .where(isNotNull(users.apartmentId))
        .groupBy(users.apartmentId)
        .orderBy(sql`${n} desc`, users.apartmentId)
        .limit(1) as Promise<{ n: number }[]>,
    );
    const apartmentWithExpenses = await one(
      db
        .select({ n: expenses.apartmentId })
        .from(expenses)
        .groupBy(expenses.apartmentId)
        .orderBy(sql`${n} desc`, expenses.apartmentId)
        .limit(1),
    );
    const expense = await one(
      db
        .select({ n: payments.expenseId })
        .from(payments)
        .groupBy(payments.expenseId)
        .orderBy(sql`${n} desc`, payments.expenseId)
        .limit(1),
    );
    const complainer = await one(
      db
        .select({ n: complaints.userId })
        .from(complaints)
        .groupBy(complaints.userId)
        .orderBy(sql`${n} desc`, complaints.userId)
        .limit(1),
    );
    const [anaRow] = await db
      .select({ id: users.id, buildingId: apartments.buildingId })
      .from(users)
      .innerJoin(apartments, eq(apartments.id, users.apartmentId))
      .where(eq(users.email, 'ana.gomez@demo.com.ar'));
    const anaId = anaRow!.id;
    // The live amenity of Ana's building with the most slots.
    const amenity = await one(
      db
        .select({ n: bookings.amenityId })
        .from(bookings)
        .innerJoin(amenities, eq(amenities.id, bookings.amenityId))
        .where(and(isNull(amenities.archivedAt), eq(amenities.buildingId, anaRow!.buildingId)))
        .groupBy(bookings.amenityId)
        .orderBy(sql`${n} desc`, bookings.amenityId)
        .limit(1),
    );
    // More of what the demo has few of: apartments with a subscribed resident each (some with the same number,
    // so the order's tie-breaker counts), buildings, complaints and amenities.
    const [adminRow] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    for (let i = 0; i < 18; i++) {
      const apt = await buildApartment(db, building, { numberApartment: `${i % 6}X${i}` });
      const resident = await buildResident(db, apt.id, { name: `Vecino ${i % 4}` });
      await buildSubscription(db, resident.id);
      if (i < 14) await buildBuilding(db, adminRow!.id, { name: `Edificio ${i % 5}` });
      await db.insert(complaints).values({
        buildingId: building,
        apartmentId: apt.id,
        userId: resident.id,
        date: `2026-02-${10 + (i % 3)}`,
        subject: `Reclamo ${i}`,
        details: 'Detalle',
        importance: 'media',
      });
      await db.insert(amenities).values({ buildingId: building, amenityType: `Amenity ${i % 3}`, capacity: 1, rules: NO_RULES });
    }
    // A month of past windows for that amenity, and Ana books one seat of every third window, past and upcoming,
    // so her bookings run to pages on both sides of now.
    const [{ capacity }] = (await db.select({ capacity: amenities.capacity }).from(amenities).where(eq(amenities.id, amenity))) as [
      { capacity: number },
    ];
    await insertSlots(db, amenity, capacity, {
      dateStart: '2026-02-01',
      dateEnd: '2026-03-05',
      timeStart: '09:00',
      timeEnd: '19:00',
      duration: '01:00',
    });
    await db.execute(sql`
      update bookings set status = 'booked', user_id = ${anaId}
      where id in (
        select id from (
          select id, row_number() over (order by start) as r from bookings
          where amenity_id = ${amenity} and seat = 1 and status <> 'booked'
        ) w where r % 3 = 0)`);
    const asAdmin = () => admin;
    const asAna = () => ana;
    lists.push(
      { name: 'spendings board', client: asAdmin, url: '/api/spendings/all?since=2025-01-01&upTo=2026-03-10' },
      { name: 'spendings of a building', client: asAdmin, url: `/api/spendings/all?buildingId=${building}` },
      { name: 'spendings of a concept', client: asAdmin, url: '/api/spendings/all?concept=Limpieza' },
      { name: 'buildings', client: asAdmin, url: '/api/buildings/all' },
      { name: 'apartments', client: asAdmin, url: `/api/apartments/all/${building}` },
      { name: 'residents', client: asAdmin, url: '/api/users/getall' },
      { name: 'residents of a building', client: asAdmin, url: `/api/users/allByBuilding/${building}` },
      { name: 'residents of an apartment', client: asAdmin, url: `/api/users/all/${apartment}` },
      { name: 'subscriptions', client: asAdmin, url: `/api/subscriptions/all/${building}` },
      { name: 'alerts', client: asAdmin, url: '/api/alerts/all' },
      { name: 'complaints', client: asAdmin, url: '/api/complaints/all' },
      { name: "a resident's complaints", client: asAdmin, url: `/api/complaints/user/${complainer}` },
      { name: 'expenses by apartment', client: asAdmin, url: `/api/expenses/allByApartments?buildingId=${building}` },
      { name: 'settled months', client: asAdmin, url: '/api/expenses/invoicedExpenses' },
      { name: "an apartment's expenses", client: asAdmin, url: `/api/expenses/${apartmentWithExpenses}` },
      { name: "an expense's payments", client: asAdmin, url: `/api/payment/expense/${expense}` },
      { name: 'amenities', client: asAdmin, url: '/api/amenities' },
      { name: 'slots of a day', client: asAdmin, url: `/api/bookings?start=2026-03-12` },
      { name: 'slots of an amenity', client: asAdmin, url: `/api/bookings/byAmenity/${amenity}` },
      { name: "the resident's free slots", client: asAna, url: `/api/bookings?amenityId=${amenity}&status=free` },
      { name: "a resident's bookings", client: asAna, url: `/api/bookings/taked/${anaId}` },
      { name: 'services', client: asAdmin, url: '/api/services/all' },
    );
  });
  after(async () => {
    await t?.close();
  });

  const page = async (client: HttpClient, url: string, n: number, size: number) => {
    const res = await client.get<{ items: unknown[]; total: number }>(`${url}${url.includes('?') ? '&' : '?'}page=${n}&pageSize=${size}`);
    assert.equal(res.status, 200, `${url} page ${n}: ${res.text}`);
    return res.body;
  };

  test('pages of 3 and of 7, read in turn, are the list read at once; the page after the last is empty', async () => {
    await readEveryPage();
  });

  test('the same when every page after the first is counted first and read from the nearer end', async () => {
    const near = paging.nearRows;
    paging.nearRows = 0;
    try {
      await readEveryPage();
    } finally {
      paging.nearRows = near;
    }
  });

  async function readEveryPage() {
    let paged = 0;
    for (const list of lists) {
      // The list at once: one page of 500, or (a long list) its pages of 500 in turn.
      const whole = await page(list.client(), list.url, 1, 500);
      for (let n = 2; n <= Math.ceil(whole.total / 500); n++) whole.items.push(...(await page(list.client(), list.url, n, 500)).items);
      assert.equal(whole.items.length, whole.total, list.name);
      for (const size of whole.total > 500 ? [97] : [3, 7]) {
        const pages = Math.ceil(whole.total / size);
        const read: unknown[] = [];
        for (let n = 1; n <= pages; n++) {
          const p = await page(list.client(), list.url, n, size);
          assert.equal(p.total, whole.total, `${list.name}, page ${n} of ${size}: total`);
          read.push(...p.items);
        }
        assert.deepEqual(read, whole.items, `${list.name}, pages of ${size}`);
        const past = await page(list.client(), list.url, pages + 1, size);
        assert.deepEqual([past.items, past.total], [[], whole.total], `${list.name}: the page after the last`);
        const far = await page(list.client(), list.url, 10_000, size);
        assert.deepEqual([far.items, far.total], [[], whole.total], `${list.name}: page 10,000`);
      }
      if (whole.total > 7 * 2) paged++;
    }
    // The demo gives most lists several pages, so the pages read from the end are really exercised.
    const bookingsOfAna = (await page(ana, lists.find((l) => l.name === "a resident's bookings")!.url, 1, 500)).items as {
      start: string;
    }[];
    const local = NOW.toISOString().slice(0, 16);
    assert.ok(
      bookingsOfAna.filter((b) => b.start >= local).length > 14 && bookingsOfAna.filter((b) => b.start < local).length > 14,
      'her bookings are past and upcoming',
    );
    assert.ok(paged >= 16, `only ${paged} lists have more than two pages of 7`);
  }
});
