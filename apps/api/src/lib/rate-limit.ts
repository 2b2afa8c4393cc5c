import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema.ts';

/** At most `limit` events for `key` in any `windowMs`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
}

export interface Attempt {
  /** True when a key is over its limit: the attempt must be refused (it still counts). */
  limited: boolean;
  /** Seconds until an attempt would be accepted again (when limited). */
  retryAfterSeconds: number;
  /** The keys over their limit, each with its own seconds until an attempt would be accepted again. */
  over: Map<string, number>;
  /** The recorded events (one per key), so a caller can take them back (a login that succeeded). */
  eventIds: number[];
}

/** The longest wait among these keys of an attempt; 0 when none of them is over its limit. */
export function retryAfter(attempt: Attempt, keys: string[]): number {
  return Math.max(0, ...keys.map((k) => attempt.over.get(k) ?? 0));
}

/**
 * Records an attempt at `now` under every key, then counts each key in its own window, in the
 * database so every replica sees them. Each attempt's own rows are committed before it counts,
 * so of a parallel burst at most `limit` see themselves within the limit (no check-then-act
 * window). Refused attempts count too, so hammering on keeps the key limited.
 */
export async function recordAttempt(db: DbOrTx, limits: Limit[], now: Date): Promise<Attempt> {
  const over = new Map<string, number>();
  if (limits.length === 0) return { limited: false, retryAfterSeconds: 0, over, eventIds: [] };
  const inserted = await db
    .insert(rateLimitEvents)
    .values(limits.map(({ key }) => ({ key, createdAt: now })))
    .returning({ id: rateLimitEvents.id });
  const eventIds = inserted.map((r) => r.id);
  for (const { key, limit, windowMs } of limits) {
    const inWindow = and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, new Date(now.getTime() - windowMs)));
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(inWindow);
    const n = row?.n ?? 0;
    if (n <= limit) continue;
    // Accepted again once the oldest events leave the window, leaving room for one more. In a
    // parallel burst, a request that read the clock before others recorded theirs counts events
    // stamped after its own `now`: they are concurrent with it, so the wait never exceeds the window.
    const [nth] = await db
      .select({ at: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(inWindow)
      .orderBy(asc(rateLimitEvents.createdAt), asc(rateLimitEvents.id))
      .offset(n - limit)
      .limit(1);
    const since = Math.min(nth ? nth.at.getTime() : now.getTime(), now.getTime());
    const waitMs = Math.max(since + windowMs - now.getTime(), 1000);
    over.set(key, Math.ceil(waitMs / 1000));
  }
  const retryAfterSeconds = Math.max(0, ...over.values());
  return { limited: over.size > 0, retryAfterSeconds, over, eventIds };
}

/** One limit (so many events per window) applied to any key. */
export class RateLimiter {
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  on(key: string): Limit {
    return { key, limit: this.limit, windowMs: this.windowMs };
  }

  attempt(db: DbOrTx, keys: string[], now: Date): Promise<Attempt> {
    return recordAttempt(
      db,
      keys.map((k) => this.on(k)),
      now,
    );
  }
}

/** Takes back recorded events (an attempt that turned out not to count). */
export async function forgetAttempt(db: DbOrTx, attempt: Pick<Attempt, 'eventIds'>): Promise<void> {
  if (attempt.eventIds.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, attempt.eventIds));
}

/** Forgets every event of a key (it starts over). */
export async function clearKey(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}

export async function pruneRateLimitEvents(db: DbOrTx, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
}
