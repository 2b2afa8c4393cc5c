import { and, asc, count, eq, inArray, isNull, ne, not, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageWithin, paging, type Order, type Window } from '../../db/paging.ts';
import { amenities, apartments, bookings, buildings, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';
import { localText } from './take.repository.ts';

/** `YYYY-MM-DDTHH:mm`, as the API shows a slot's times. */
const localMinute = (c: typeof bookings.start | typeof bookings.finish) => sql<string>`to_char(${c}, 'YYYY-MM-DD"T"HH24:MI')`;

const columns = {
  id: bookings.id,
  amenityId: bookings.amenityId,
  start: localMinute(bookings.start),
  finish: localMinute(bookings.finish),
  seat: bookings.seat,
  status: bookings.status,
  userId: bookings.userId,
  userName: users.name,
  createdAt: bookings.createdAt,
};

export interface SlotRow {
  id: number;
  amenityId: number;
  start: string;
  finish: string;
  seat: number;
  status: BookingStatus;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

const withUser = (db: DbOrTx) => db.select(columns).from(bookings).leftJoin(users, eq(users.id, bookings.userId));

/** Live amenities of the caller's buildings: a slot is reachable through its amenity. */
const reachableAmenities = (db: DbOrTx, p: Principal) =>
  db
    .select({ id: amenities.id })
    .from(amenities)
    .where(and(isNull(amenities.archivedAt), inVisibleBuildings(db, p, amenities.buildingId)));

/**
 * As an array computed once: over many slots in start order, a test against a few ids per slot, where a semi join
 * would probe the amenities again for each.
 */
export const slotInReach = (db: DbOrTx, p: Principal): SQL => sql`${bookings.amenityId} = any(array${reachableAmenities(db, p)})`;

// ---- generation --------------------------------------------------------------------------------

export interface SlotWindows {
  dateStart: string;
  dateEnd: string;
  timeStart: string;
  timeEnd: string;
  duration: string;
}

/**
 * Days and windows of a generation, computed by the database: every day from dateStart to
 * dateEnd, and on each `per_day` back-to-back windows of `len` from t0 that end by timeEnd.
 * Built from the input alone (not from the domain's slotCount), so tests can hold one to the other.
 */
const params = (w: SlotWindows) => sql`
  select ${w.dateStart}::date as d0,
         ${w.dateEnd}::date - ${w.dateStart}::date as last_day,
         ${w.timeStart}::time as t0,
         ${w.duration}::interval as len,
         floor(extract(epoch from (${w.timeEnd}::time - ${w.timeStart}::time)) / extract(epoch from ${w.duration}::interval))::int as per_day`;

type Rows<T> = { rows: T[] };

/**
 * Whether any window of the generation overlaps a slot the amenity already has. A day's windows
 * are back to back, so each day is one block [t0, t0 + per_day × len); and the amenity's slots
 * never overlap one another (this check keeps it so), so the latest slot starting before a
 * block's end is the only one that can reach into it: one backward index probe per day.
 */
export async function generationOverlaps(tx: DbOrTx, amenityId: number, w: SlotWindows): Promise<boolean> {
  const res = (await tx.execute(sql`
    with p as (${params(w)})
    select exists (
      select 1
      from p
      cross join generate_series(0, p.last_day) d(i)
      cross join lateral (
        select b.finish from bookings b
        where b.amenity_id = ${amenityId} and b.start < (p.d0 + d.i) + p.t0 + p.per_day * p.len
        order by b.start desc
        limit 1
      ) last
      where p.per_day > 0 and last.finish > (p.d0 + d.i) + p.t0
    ) as clash`)) as unknown as Rows<{ clash: boolean }>;
  return res.rows[0]!.clash;
}

/** Generates the slots in one statement: days × windows × seats (1..capacity), all free. Returns how many. */
export async function insertSlots(tx: DbOrTx, amenityId: number, capacity: number, w: SlotWindows): Promise<number> {
  const res = (await tx.execute(sql`
    with p as (${params(w)}),
    ins as (
      insert into bookings (amenity_id, start, finish, seat, status)
      select ${amenityId}::int, w.start, w.start + p.len, s.seat, 'free'
      from p
      cross join generate_series(0, p.last_day) d(i)
      cross join generate_series(0, p.per_day - 1) k(i)
      cross join lateral (select (p.d0 + d.i) + p.t0 + k.i * p.len as start) w
      cross join generate_series(1, ${capacity}::int) s(seat)
      returning 1
    )
    select count(*)::int as n from ins`)) as unknown as Rows<{ n: number }>;
  return Number(res.rows[0]!.n);
}

// ---- reading -----------------------------------------------------------------------------------

export interface SlotFilter {
  amenityId?: number;
  /** A day, YYYY-MM-DD: slots starting that day. */
  start?: string;
  status?: BookingStatus;
  page: number;
  pageSize: number;
}

/**
 * The status filter: literal for an administrator. For a resident, `free` means what they can
 * take (free or cancelled, starting after now) and `cancelled` matches nothing: they never see
 * that state (another resident's cancellation is a free slot to them).
 */
function statusWhere(p: Principal, status: BookingStatus | undefined, localNow: string): SQL | undefined {
  if (!status) return undefined;
  if (p.role === 'admin') return eq(bookings.status, status);
  if (status === 'free') return and(ne(bookings.status, 'booked'), sql`${bookings.start} > ${localNow}::timestamp`);
  if (status === 'booked') return eq(bookings.status, 'booked');
  return sql`false`;
}

/** Soonest first; unique by `bookings_amenity_start_seat_uq`. */
const slotOrder: Order = [
  [bookings.start, 'asc'],
  [bookings.amenityId, 'asc'],
  [bookings.seat, 'asc'],
];

export async function listSlots(db: DbOrTx, p: Principal, q: SlotFilter, localNow: string): Promise<{ items: SlotRow[]; total: number }> {
  const where = and(
    slotInReach(db, p),
    q.amenityId ? eq(bookings.amenityId, q.amenityId) : undefined,
    q.start ? sql`${bookings.start} >= ${q.start}::date and ${bookings.start} < ${q.start}::date + 1` : undefined,
    statusWhere(p, q.status, localNow),
  );
  // Each amenity gives its first `offset + limit` slots by start from its (amenity_id, start, seat) index (index-only
  // when no status is asked for), the candidates are merged, `offset` of them passed over, and only the page's rows
  // are read and joined to their residents: one statement, however many amenities and slots.
  const page = (days: SQL | undefined, offset: number, limit: number) => {
    const reach = reachableAmenities(db, p).as('reach');
    const firstOfEach = db
      .select({ amenityId: bookings.amenityId, start: bookings.start, seat: bookings.seat })
      .from(bookings)
      .where(and(eq(bookings.amenityId, reach.id), where, days))
      .orderBy(asc(bookings.start), asc(bookings.seat))
      .limit(offset + limit)
      .as('first_of_each');
    const keys = db
      .select({ amenityId: firstOfEach.amenityId, start: firstOfEach.start, seat: firstOfEach.seat })
      .from(reach)
      .crossJoinLateral(firstOfEach)
      .orderBy(asc(firstOfEach.start), asc(firstOfEach.amenityId), asc(firstOfEach.seat))
      .limit(limit)
      .offset(offset);
    return withUser(db)
      .where(sql`(${bookings.amenityId}, ${bookings.start}, ${bookings.seat}) in ${keys}`)
      .orderBy(...orderBy(slotOrder));
  };
  const offset = (q.page - 1) * q.pageSize;
  if (offset < paging.nearRows) {
    // Near the start (as in pageOf): the page beside the count.
    const [items, [counted]] = await Promise.all([
      page(undefined, offset, q.pageSize),
      db.select({ n: count() }).from(bookings).where(where),
    ]);
    return { items, total: counted?.n ?? 0 };
  }
  // A deeper page: the matches counted per day (which gives the total), and only the day or days that hold the page
  // read, whatever the page.
  // Grouped by the date itself: the text of each day is made once per group, not once per slot.
  const day = sql`(${bookings.start})::date`;
  const perDay = await db
    .select({ day: sql<string>`${day}::text`, n: count() })
    .from(bookings)
    .where(where)
    .groupBy(day)
    .orderBy(day);
  const total = perDay.reduce((s, d) => s + d.n, 0);
  if (offset >= total) return { items: [], total };
  const dayOf = (row: number) => {
    let before = 0;
    for (const d of perDay) {
      if (before + d.n > row) return { day: d.day, before };
      before += d.n;
    }
    throw new Error('unreachable: the row is within the days');
  };
  const first = dayOf(offset);
  const last = dayOf(Math.min(offset + q.pageSize, total) - 1);
  const days = sql`${bookings.start} >= ${first.day}::date and ${bookings.start} < ${last.day}::date + 1`;
  const items = await page(days, offset - first.before, q.pageSize);
  return { items, total };
}

/**
 * A user's booked slots in the caller's reach (archived amenities included: it is their history): the upcoming ones
 * soonest first, then the past ones latest first. Each part is a range of the (user_id, start, id, amenity_id) index
 * of booked slots, read in its order from the nearer end: no sort, and no page passes over more than half a part.
 */
export async function listUserBookings(
  db: DbOrTx,
  p: Principal,
  userId: number,
  q: { page: number; pageSize: number },
  localNow: string,
): Promise<{ items: SlotRow[]; total: number }> {
  const where = and(
    eq(bookings.userId, userId),
    eq(bookings.status, 'booked'),
    // An array computed once, tested on each index entry (as in slotInReach).
    sql`${bookings.amenityId} = any(array${db
      .select({ id: amenities.id })
      .from(amenities)
      .where(inVisibleBuildings(db, p, amenities.buildingId))})`,
  );
  const upcoming = sql`${bookings.start} >= ${localNow}::timestamp`;
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= paging.nearRows) return deepUserBookings(db, where, upcoming, offset, q.pageSize);
  const [counts] = await db
    .select({ total: count(), upcoming: sql<number>`(count(*) filter (where ${upcoming}))::int`.mapWith(Number) })
    .from(bookings)
    .where(where);
  const total = counts?.total ?? 0;
  const soon = counts?.upcoming ?? 0;
  const part = bookingsPart(db, where);
  const inUpcoming = Math.max(0, Math.min(q.pageSize, soon - offset));
  const [first, second] = await Promise.all([
    pageWithin(soon, offset, q.pageSize, part(upcoming, soonestFirst)),
    inUpcoming < q.pageSize
      ? pageWithin(total - soon, Math.max(0, offset - soon), q.pageSize - inUpcoming, part(not(upcoming), latestFirst))
      : [],
  ]);
  return { items: [...first, ...second], total };
}

/** A part of a user's bookings (upcoming or past): the page's ids come from the index alone; only its rows are read. */
const bookingsPart = (db: DbOrTx, where: SQL | undefined) => (cond: SQL, order: Order) => (w: Window) =>
  withUser(db)
    .where(
      inArray(
        bookings.id,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(and(where, cond))
          .orderBy(...orderBy(order, w.reversed))
          .limit(w.limit)
          .offset(w.offset),
      ),
    )
    .orderBy(...orderBy(order, w.reversed));

/**
 * A deeper page of a user's bookings: counted per day and part (which gives the total), and read from the day that
 * holds its first row, whatever the page.
 */
async function deepUserBookings(db: DbOrTx, where: SQL | undefined, upcoming: SQL, offset: number, pageSize: number) {
  const day = sql`(${bookings.start})::date`;
  const buckets = await db
    .select({ soon: sql<boolean>`${upcoming}`, day: sql<string>`${day}::text`, n: count() })
    .from(bookings)
    .where(where)
    .groupBy(sql`1`, day);
  // In the list's order: the upcoming days soonest first, then the past days latest first.
  const ordered = [
    ...buckets.filter((b) => b.soon).sort((a, b) => (a.day < b.day ? -1 : 1)),
    ...buckets.filter((b) => !b.soon).sort((a, b) => (a.day < b.day ? 1 : -1)),
  ];
  const total = ordered.reduce((s, b) => s + b.n, 0);
  if (offset >= total) return { items: [], total };
  const soon = ordered.reduce((s, b) => s + (b.soon ? b.n : 0), 0);
  let before = 0;
  let i = 0;
  while (before + ordered[i]!.n <= offset) before += ordered[i++]!.n;
  const first = ordered[i]!;
  const part = bookingsPart(db, where);
  const inUpcoming = Math.max(0, Math.min(pageSize, soon - offset));
  const [a, b] = await Promise.all([
    inUpcoming > 0
      ? part(
          and(upcoming, sql`${bookings.start} >= ${first.day}::date`)!,
          soonestFirst,
        )({ offset: offset - before, limit: inUpcoming, reversed: false })
      : [],
    inUpcoming < pageSize
      ? first.soon
        ? part(not(upcoming), latestFirst)({ offset: 0, limit: pageSize - inUpcoming, reversed: false })
        : part(
            and(not(upcoming), sql`${bookings.start} < ${first.day}::date + 1`)!,
            latestFirst,
          )({
            offset: offset - before,
            limit: pageSize,
            reversed: false,
          })
      : [],
  ]);
  return { items: [...a, ...b], total };
}

const soonestFirst: Order = [
  [bookings.start, 'asc'],
  [bookings.id, 'asc'],
];
const latestFirst: Order = [
  [bookings.start, 'desc'],
  [bookings.id, 'desc'],
];

export async function findSlot(db: DbOrTx, p: Principal, id: number): Promise<SlotRow | undefined> {
  const [row] = await withUser(db).where(and(eq(bookings.id, id), slotInReach(db, p)));
  return row;
}

/** The names of these amenities, archived ones included (a resident's history names them). One statement. */
export async function amenityNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: amenities.id, amenityType: amenities.amenityType, archivedAt: amenities.archivedAt })
    .from(amenities)
    .where(inArray(amenities.id, ids));
}

/** The building of the caller's live amenity, or undefined. */
export async function amenityBuilding(db: DbOrTx, p: Principal, amenityId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ buildingId: amenities.buildingId })
    .from(amenities)
    .where(and(eq(amenities.id, amenityId), isNull(amenities.archivedAt), inVisibleBuildings(db, p, amenities.buildingId)));
  return row?.buildingId;
}

/** The building of a slot the caller may reach, or undefined. */
export async function slotBuilding(db: DbOrTx, p: Principal, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ buildingId: amenities.buildingId })
    .from(bookings)
    .innerJoin(amenities, eq(amenities.id, bookings.amenityId))
    .where(and(eq(bookings.id, id), isNull(amenities.archivedAt), inVisibleBuildings(db, p, amenities.buildingId)));
  return row?.buildingId;
}

/** Whether the user is a resident (not banned) of an apartment of that building. */
export async function isResidentOf(db: DbOrTx, userId: number, buildingId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(and(eq(users.id, userId), eq(users.role, 'resident'), eq(users.isDeleted, false), eq(apartments.buildingId, buildingId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the user is a resident of one of the administrator's buildings. */
export async function residentInReach(db: DbOrTx, p: Principal, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(and(eq(users.id, userId), eq(users.role, 'resident'), inVisibleBuildings(db, p, apartments.buildingId)))
    .limit(1);
  return rows.length > 0;
}

// ---- the administrator's changes ---------------------------------------------------------------

/** Frees (no user) or cancels (the user stays, for the history) one slot or a window's slots. */
/** A booking a change of status took from its holder: local times 'YYYY-MM-DDTHH:mm:ss'. */
export interface TakenBooking {
  userId: number;
  start: string;
  finish: string;
}

/**
 * Frees or cancels one slot or every seat of a window. The rows are locked first, so what they
 * held is known for sure: a resident taking a seat meanwhile either commits first (and is in
 * `taken`) or waits and finds it changed. Answers how many changed and the bookings it took.
 */
export async function setStatus(
  tx: DbOrTx,
  where: { id: number } | { amenityId: number; start: string },
  status: 'free' | 'cancelled',
): Promise<{ updated: number; taken: TakenBooking[] }> {
  const before = await tx
    .select({
      id: bookings.id,
      status: bookings.status,
      userId: bookings.userId,
      start: localText(bookings.start),
      finish: localText(bookings.finish),
    })
    .from(bookings)
    .where(
      'id' in where
        ? eq(bookings.id, where.id)
        : and(eq(bookings.amenityId, where.amenityId), sql`${bookings.start} = ${where.start}::timestamp`),
    )
    .orderBy(asc(bookings.id))
    .for('update');
  if (before.length === 0) return { updated: 0, taken: [] };
  await tx
    .update(bookings)
    .set(status === 'free' ? { status, userId: null } : { status })
    .where(
      inArray(
        bookings.id,
        before.map((b) => b.id),
      ),
    );
  const taken = before.flatMap((b) =>
    b.status === 'booked' && b.userId !== null ? [{ userId: b.userId, start: b.start, finish: b.finish }] : [],
  );
  return { updated: before.length, taken };
}

/** What the e-mails about an amenity's bookings name: the amenity and its building. */
export async function amenityLabel(db: DbOrTx, amenityId: number): Promise<{ amenityType: string; buildingName: string }> {
  const [row] = await db
    .select({ amenityType: amenities.amenityType, buildingName: buildings.name })
    .from(amenities)
    .innerJoin(buildings, eq(buildings.id, amenities.buildingId))
    .where(eq(amenities.id, amenityId));
  return row!;
}

/**
 * Books one slot for a user unless someone else holds it: the condition is in the UPDATE, so a
 * resident taking it at the same moment and the administrator cannot both win. 0 rows: taken.
 */
export async function bookSlotFor(tx: DbOrTx, id: number, userId: number): Promise<number> {
  const rows = await tx
    .update(bookings)
    .set({ status: 'booked', userId })
    .where(and(eq(bookings.id, id), sql`(${bookings.status} <> 'booked' or ${bookings.userId} = ${userId})`))
    .returning({ id: bookings.id });
  return rows.length;
}

/** A seat of the window the user could take (not booked), lowest seat first; skips seats others are taking right now. */
export async function freeSeatOfWindow(tx: DbOrTx, amenityId: number, start: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.amenityId, amenityId), sql`${bookings.start} = ${start}::timestamp`, ne(bookings.status, 'booked')))
    .orderBy(asc(bookings.seat))
    .limit(1)
    .for('update', { skipLocked: true });
  return row?.id;
}

/** How many slots the amenity has at that start (any state). */
export async function windowSize(db: DbOrTx, amenityId: number, start: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.amenityId, amenityId), sql`${bookings.start} = ${start}::timestamp`));
  return row?.n ?? 0;
}
