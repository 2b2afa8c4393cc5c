import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { SubscriptionKind } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
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

/** The subscriptions of a building's residents, by name, one page of them and how many there are. */
export async function listBuildingSubscriptions(db: DbOrTx, p: Principal, buildingId: number, page: number, pageSize: number) {
  const where = and(eq(apartments.buildingId, buildingId), inVisibleBuildings(db, p, apartments.buildingId));
  const [items, [total]] = await Promise.all([
    db
      .select({ ...columns, user: { id: users.id, name: users.name, email: users.email } })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(apartments, eq(apartments.id, users.apartmentId))
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(apartments, eq(apartments.id, users.apartmentId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
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
