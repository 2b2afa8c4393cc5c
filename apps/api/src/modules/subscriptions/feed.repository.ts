import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { alerts, apartments, buildings, calendarFeeds, users } from '../../db/schema.ts';

/** The user's feed token, if they have one. */
export async function findFeedToken(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.token;
}

/** Gives the user a feed token unless they have one already (a request at the same time may have made it). */
export async function insertFeedToken(db: DbOrTx, userId: number, token: string): Promise<void> {
  await db.insert(calendarFeeds).values({ userId, token }).onConflictDoNothing({ target: calendarFeeds.userId });
}

/** Sets the user's feed token, replacing (and so voiding) the one they had. */
export async function replaceFeedToken(db: DbOrTx, userId: number, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
}

/**
 * The building a feed token reads: its holder's building, while the holder is a resident who is
 * not banned and the building is not archived; else nothing (the feed answers 404).
 */
export async function findFeedBuilding(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: buildings.id, name: buildings.name })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(calendarFeeds.token, token), eq(users.role, 'resident'), eq(users.isDeleted, false), isNull(buildings.archivedAt)))
    .limit(1);
  return row;
}

/** The building's alerts dated `since` or later, the newest `limit` of them (newest first). */
export async function feedAlerts(db: DbOrTx, buildingId: number, since: string, limit: number) {
  return db
    .select({
      id: alerts.id,
      date: alerts.date,
      concept: alerts.concept,
      details: alerts.details,
      importance: alerts.importance,
    })
    .from(alerts)
    .where(and(eq(alerts.buildingId, buildingId), gte(alerts.date, since)))
    .orderBy(desc(alerts.date), desc(alerts.id))
    .limit(limit);
}
