import { and, count, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FOLD_FROM, FOLD_TO, foldForSearch, type ListBuildingServicesQuery, type ListServicesQuery } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, buildings, ratings, services, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

export interface ServiceRow {
  id: number;
  buildingId: number;
  buildingName: string;
  title: string;
  provider: string;
  enrollment: string | null;
  contact: string;
  detail: string;
  accepted: boolean;
  createdAt: Date;
  ratingAverage: number | null;
  ratingCount: number;
  myRatingId: number | null;
  myRating: number | null;
}

/** The title as the search and the A-Z sort compare it: lower case, accents off (domain `foldForSearch`). */
const foldedTitle = sql`translate(lower(${services.title}), ${FOLD_FROM}, ${FOLD_TO})`;

/** `q` for LIKE: folded like the title, its own `%`, `_` and `\` taken literally. */
export const likePattern = (q: string) => `%${foldForSearch(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Services with their building, rating average and count, and the caller's own rating, in one
 * statement: the ratings are aggregated per service by a lateral subquery (`ratings_service_user_uq`
 * leads with service_id), never one query per row.
 */
function withStats(db: DbOrTx, p: Principal) {
  const stats = db
    .select({
      exact: sql<string | null>`avg(${ratings.rating})`.as('exact'),
      average: sql<number | null>`round(avg(${ratings.rating}), 1)::float8`.as('average'),
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(ratings)
    .where(eq(ratings.serviceId, services.id))
    .as('stats');
  const mine = alias(ratings, 'mine');
  const query = db
    .select({
      id: services.id,
      buildingId: services.buildingId,
      buildingName: buildings.name,
      title: services.title,
      provider: services.provider,
      enrollment: services.enrollment,
      contact: services.contact,
      detail: services.detail,
      accepted: services.accepted,
      createdAt: services.createdAt,
      ratingAverage: stats.average,
      ratingCount: stats.n,
      myRatingId: mine.id,
      myRating: mine.rating,
    })
    .from(services)
    .innerJoin(buildings, eq(buildings.id, services.buildingId))
    .leftJoinLateral(stats, sql`true`)
    .leftJoin(mine, and(eq(mine.serviceId, services.id), eq(mine.userId, p.id)));
  return { query, stats };
}

async function page(
  db: DbOrTx,
  p: Principal,
  where: SQL | undefined,
  order: (stats: ReturnType<typeof withStats>['stats']) => Order,
  q: { page: number; pageSize: number },
): Promise<{ items: ServiceRow[]; total: number }> {
  const { query, stats } = withStats(db, p);
  const keys = order(stats);
  const { items, total } = await pageOf(
    q,
    async () => (await db.select({ n: count() }).from(services).where(where))[0]?.n ?? 0,
    (w) =>
      query
        .where(where)
        .orderBy(...orderBy(keys, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
  return { items: items.map((r) => ({ ...r, ratingCount: r.ratingCount ?? 0 })), total };
}

/** GET /services/all: the administrator's buildings' services, filtered, newest first. */
export function listServices(db: DbOrTx, p: Principal, q: ListServicesQuery) {
  const where = and(
    inVisibleBuildings(db, p, services.buildingId),
    q.buildingId ? eq(services.buildingId, q.buildingId) : undefined,
    q.accepted === undefined ? undefined : eq(services.accepted, q.accepted),
  );
  return page(
    db,
    p,
    where,
    () => [
      [services.createdAt, 'desc'],
      [services.id, 'desc'],
    ],
    q,
  );
}

/**
 * GET /services/all/{buildingId}: one building's accepted services (the caller's reach was checked),
 * searched by title ignoring case and accents, A-Z or best rated first.
 */
export function listBuildingServices(db: DbOrTx, p: Principal, buildingId: number, q: ListBuildingServicesQuery) {
  const where = and(
    eq(services.buildingId, buildingId),
    eq(services.accepted, true),
    q.q ? sql`${foldedTitle} like ${likePattern(q.q)}` : undefined,
  );
  // The "C" collation: the folded titles sort the same on every engine and locale.
  const az = sql`${foldedTitle} collate "C"`;
  return page(
    db,
    p,
    where,
    (stats) =>
      q.sort === 'stars'
        ? [
            // `exact desc nulls last`, as keys that reverse exactly: the unrated ones after the rated.
            [sql`(${stats.exact} is null)`, 'asc'],
            [stats.exact, 'desc'],
            [stats.n, 'desc'],
            [az, 'asc'],
            [services.id, 'asc'],
          ]
        : [
            [az, 'asc'],
            [services.id, 'asc'],
          ],
    q,
  );
}

/** One service within the caller's reach: an administrator's buildings, or a resident's building when accepted. */
export async function findService(db: DbOrTx, p: Principal, id: number): Promise<ServiceRow | undefined> {
  const { query } = withStats(db, p);
  const [row] = await query.where(and(eq(services.id, id), inReach(db, p)));
  return row && { ...row, ratingCount: row.ratingCount ?? 0 };
}

/** A service this transaction just inserted, whatever the caller's reach (a resident's pending proposal). */
export async function findCreated(tx: DbOrTx, p: Principal, id: number): Promise<ServiceRow | undefined> {
  const { query } = withStats(tx, p);
  const [row] = await query.where(eq(services.id, id));
  return row && { ...row, ratingCount: row.ratingCount ?? 0 };
}

/** Administrators: every service of their buildings; residents: the accepted ones of their building. */
function inReach(db: DbOrTx, p: Principal): SQL {
  return p.role === 'admin'
    ? inVisibleBuildings(db, p, services.buildingId)
    : and(inVisibleBuildings(db, p, services.buildingId), eq(services.accepted, true))!;
}

export interface ServiceValues {
  buildingId: number;
  title: string;
  provider: string;
  enrollment: string;
  contact: string;
  detail: string;
  accepted: boolean;
  createdBy: number;
  createdAt: Date;
}

export async function insertService(tx: DbOrTx, v: ServiceValues): Promise<number> {
  const [row] = await tx.insert(services).values(v).returning({ id: services.id });
  return row!.id;
}

/** Accepts a service of the administrator's buildings (again is harmless); false when not theirs. */
export async function acceptService(db: DbOrTx, p: Principal, id: number): Promise<boolean> {
  const rows = await db
    .update(services)
    .set({ accepted: true })
    .where(and(eq(services.id, id), inVisibleBuildings(db, p, services.buildingId)))
    .returning({ id: services.id });
  return rows.length > 0;
}

/** Deletes a service of the administrator's buildings (its ratings go with it: FK cascade). */
export async function deleteService(db: DbOrTx, p: Principal, id: number): Promise<boolean> {
  const rows = await db
    .delete(services)
    .where(and(eq(services.id, id), inVisibleBuildings(db, p, services.buildingId)))
    .returning({ id: services.id });
  return rows.length > 0;
}

/** Locks the user's row, so that a burst of their proposals is counted one after another. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The count of the services the user proposed since `since`, answered by `services_created_by_idx`. */
export const proposedSinceQuery = (db: DbOrTx, userId: number, since: Date) =>
  db
    .select({ n: count() })
    .from(services)
    .where(and(eq(services.createdBy, userId), gte(services.createdAt, since)));

/** How many services the user proposed since `since`. */
export async function countProposedSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await proposedSinceQuery(db, userId, since);
  return row?.n ?? 0;
}

/** The apartment number of a resident, for the proposal e-mail. */
export async function apartmentNumber(db: DbOrTx, apartmentId: number): Promise<string | null> {
  const [row] = await db.select({ n: apartments.numberApartment }).from(apartments).where(eq(apartments.id, apartmentId));
  return row?.n ?? null;
}

// ---- ratings -----------------------------------------------------------------------------------

export interface RatingRow {
  id: number;
  rating: number;
  serviceId: number;
  userId: number;
  createdAt: Date;
}

const ratingColumns = {
  id: ratings.id,
  rating: ratings.rating,
  serviceId: ratings.serviceId,
  userId: ratings.userId,
  createdAt: ratings.createdAt,
};

/** The accepted services of the resident's (live) building: the ones they may rate. */
const rateableServiceIds = (db: DbOrTx, p: Principal) =>
  db
    .select({ id: services.id })
    .from(services)
    .innerJoin(buildings, eq(buildings.id, services.buildingId))
    .where(and(eq(services.buildingId, p.buildingId ?? -1), eq(services.accepted, true), isNull(buildings.archivedAt)));

/**
 * The service, if the resident may rate it, share-locked until the end of the transaction: a
 * concurrent delete waits, so the rating inserted next never points at a vanished service.
 */
export async function lockRateable(tx: DbOrTx, p: Principal, serviceId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: services.id })
    .from(services)
    .innerJoin(buildings, eq(buildings.id, services.buildingId))
    .where(
      and(
        eq(services.id, serviceId),
        eq(services.buildingId, p.buildingId ?? -1),
        eq(services.accepted, true),
        isNull(buildings.archivedAt),
      ),
    )
    .for('share', { of: services });
  return rows.length > 0;
}

/**
 * Inserts the caller's rating unless they already rated the service: the unique index (service,
 * user) decides, so of parallel calls exactly one inserts. undefined: already rated.
 */
export async function insertRating(
  tx: DbOrTx,
  v: { serviceId: number; userId: number; rating: number; createdAt: Date },
): Promise<RatingRow | undefined> {
  const [row] = await tx
    .insert(ratings)
    .values(v)
    .onConflictDoNothing({ target: [ratings.serviceId, ratings.userId] })
    .returning(ratingColumns);
  return row;
}

/** The caller's own rating of a service of their building; undefined when not theirs. */
export async function updateRating(db: DbOrTx, p: Principal, id: number, rating: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .update(ratings)
    .set({ rating })
    .where(and(eq(ratings.id, id), eq(ratings.userId, p.id), inArray(ratings.serviceId, rateableServiceIds(db, p))))
    .returning(ratingColumns);
  return row;
}

export async function deleteRating(db: DbOrTx, p: Principal, id: number): Promise<boolean> {
  const rows = await db
    .delete(ratings)
    .where(and(eq(ratings.id, id), eq(ratings.userId, p.id), inArray(ratings.serviceId, rateableServiceIds(db, p))))
    .returning({ id: ratings.id });
  return rows.length > 0;
}
