import { and, count, eq, type SQL } from 'drizzle-orm';
import type { SubscriptionKind } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, subscriptions, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

const columns = { id: subscriptions.id, alerts: subscriptions.alerts, userId: subscriptions.userId };

/**
 * Whose subscriptions the caller may read: a resident only their own (not their neighbours'),
 * an administrator those of the residents of the buildings they administer.
 */
function readableBy(db: DbOrTx, p: Principal): SQL {
  return p.role === 'resident' ? eq(users.id, p.id) : inVisibleBuildings(db, p, apartments.buildingId);
}

export async function findVisibleSubscription(db: DbOrTx, p: Principal, userId: number) {
  const [row] = await db
    .select(columns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(and(eq(subscriptions.userId, userId), readableBy(db, p)))
    .limit(1);
  return row;
}

/** By the resident's name (a user has at most one subscription: users.id is unique here). */
const byUserName: Order = [
  [users.name, 'asc'],
  [users.id, 'asc'],
];

/** The subscriptions of a building's residents, by name, one page of them and how many there are. */
export async function listBuildingSubscriptions(db: DbOrTx, p: Principal, buildingId: number, page: number, pageSize: number) {
  const where = and(eq(apartments.buildingId, buildingId), inVisibleBuildings(db, p, apartments.buildingId));
  return pageOf(
    { page, pageSize },
    async () =>
      (
        await db
          .select({ n: count() })
          .from(subscriptions)
          .innerJoin(users, eq(users.id, subscriptions.userId))
          .innerJoin(apartments, eq(apartments.id, users.apartmentId))
          .where(where)
      )[0]?.n ?? 0,
    (w) =>
      db
        .select({ ...columns, user: { id: users.id, name: users.name, email: users.email } })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .innerJoin(apartments, eq(apartments.id, users.apartmentId))
        .where(where)
        .orderBy(...orderBy(byUserName, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

/**
 * The user's subscription, unless they already have one (then undefined). The unique index on
 * user_id decides, so two requests at once cannot both create one.
 */
export async function insertSubscription(db: DbOrTx, userId: number, alerts: SubscriptionKind) {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, alerts })
    .onConflictDoNothing({ target: subscriptions.userId })
    .returning(columns);
  return row;
}

/** Changes the user's own subscription `id`; undefined when it is not theirs. */
export async function updateOwnSubscription(db: DbOrTx, userId: number, id: number, alerts: SubscriptionKind) {
  const [row] = await db
    .update(subscriptions)
    .set({ alerts })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning(columns);
  return row;
}

/** Deletes the user's own subscription `id`; false when it is not theirs. */
export async function deleteOwnSubscription(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Ends whatever subscription the user has (none is fine: unsubscribing is idempotent). */
export async function deleteSubscriptionOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
}
