import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apartments, buildings, sessions, users } from '../../db/schema.ts';
import { hotStatement, keysOf } from '../../db/prepared.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
/** last_seen_at is refreshed at most this often, so reads do not write on every request. */
const TOUCH_AFTER_MS = 5 * 60_000;

export async function createSession(db: DbOrTx, userId: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({ tokenHash: hash, userId });
  return token;
}

export interface SessionUser {
  sessionId: number;
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'resident';
  firstLogging: boolean;
  apartmentId: number | null;
  /** A resident's building (through their apartment); null for administrators. */
  buildingId: number | null;
  /** The idle clock was just reset: a cookie session gets its cookie's lifetime renewed too. */
  renewed: boolean;
}

const sessionLookup = {
  sessionId: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  firstLogging: users.firstLogging,
  isDeleted: users.isDeleted,
  apartmentId: users.apartmentId,
  buildingId: apartments.buildingId,
};
/** What the session lookup reads: judged by `sessionUserOf`. */
export type SessionLookupRow = Omit<SessionUser, 'renewed'> & { lastSeenAt: Date; isDeleted: boolean };
export const sessionLookupKeys = keysOf(sessionLookup);

/**
 * The session lookup as a query to extend: its columns first (`sessionLookupKeys`), then `extra`'s, over
 * `sessions` joined to its user (`users`) and their apartment (`apartments`, left). A read that needs the caller can
 * join to it, so that the caller and the read cost one round trip (a building by id does); the caller adds
 * `.where(sessionTokenIs)` and `.limit(1)`.
 */
export function sessionLookupWith<S extends Record<string, PgColumn>>(db: Db, extra: S) {
  return db
    .select({ ...sessionLookup, ...extra })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(apartments, eq(apartments.id, users.apartmentId))
    .$dynamic();
}
/** The session whose token hash is the placeholder `tokenHash` (fill it with `hashToken(token)`). */
export const sessionTokenIs = eq(sessions.tokenHash, sql.placeholder('tokenHash'));

/** The live session's user, or null (unknown, idle too long, or banned). Every signed-in request runs it: a hot statement. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const lookup = hotStatement<SessionLookupRow>(db, 'session_lookup', sessionLookupKeys, () =>
    sessionLookupWith(db, {}).where(sessionTokenIs).limit(1),
  );
  const [row] = await lookup({ tokenHash: hashToken(token) });
  return sessionUserOf(db, row);
}

/**
 * The session lookup's row judged: null for no session, a banned user or a session idle for too long (then
 * deleted); otherwise its user, with the idle clock reset when it is older than TOUCH_AFTER_MS.
 */
export async function sessionUserOf(db: DbOrTx, row: SessionLookupRow | undefined): Promise<SessionUser | null> {
  if (!row || row.isDeleted) return null;
  const idle = Date.now() - row.lastSeenAt.getTime();
  if (idle > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  const renewed = idle > TOUCH_AFTER_MS;
  if (renewed) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    firstLogging: row.firstLogging,
    apartmentId: row.apartmentId,
    buildingId: row.role === 'resident' ? row.buildingId : null,
    renewed,
  };
}

export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (ban, password change), optionally keeping one. */
export async function deleteUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

export async function pruneIdleSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)));
}

export async function findResidentPlace(db: DbOrTx, apartmentId: number) {
  const [row] = await db
    .select({
      apartment: { id: apartments.id, number_apartment: apartments.numberApartment, buildingId: apartments.buildingId },
      building: { id: buildings.id, name: buildings.name },
    })
    .from(apartments)
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(eq(apartments.id, apartmentId));
  return row ?? null;
}
