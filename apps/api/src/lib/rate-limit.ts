import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema.ts';

export interface Attempt {
  /** True when a key is over its limit: the attempt must be refused (it still counts). */
  limited: boolean;
  /** Seconds until an attempt would be accepted again (when limited). */
  retryAfterSeconds: number;
  /** The recorded events (one per key), so a caller can take them back (a login that succeeded). */
  eventIds: number[];
}

/** Counts events per key in a sliding window, in the database so every replica sees them. */
export class RateLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /**
   * Records an attempt first, then counts: each attempt's own row is committed before it counts,
   * so of a parallel burst at most `limit` see themselves within the limit (no check-then-act
   * window). Refused attempts count too, so hammering on keeps the key limited.
   */
  async attempt(db: DbOrTx, keys: string[]): Promise<Attempt> {
    if (keys.length === 0) return { limited: false, retryAfterSeconds: 0, eventIds: [] };
    const inserted = await db
      .insert(rateLimitEvents)
      .values(keys.map((key) => ({ key })))
      .returning({ id: rateLimitEvents.id });
    const eventIds = inserted.map((r) => r.id);
    const now = Date.now();
    const since = new Date(now - this.windowMs);
    let limited = false;
    let retryAfterMs = 0;
    for (const key of keys) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
      const n = row?.n ?? 0;
      if (n <= this.limit) continue;
      limited = true;
      // Accepted again once the oldest events leave the window, leaving room for one more.
      const [nth] = await db
        .select({ at: rateLimitEvents.createdAt })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)))
        .orderBy(asc(rateLimitEvents.createdAt), asc(rateLimitEvents.id))
        .offset(n - this.limit)
        .limit(1);
      retryAfterMs = Math.max(retryAfterMs, (nth ? nth.at.getTime() + this.windowMs : now + this.windowMs) - now, 1000);
    }
    return { limited, retryAfterSeconds: Math.ceil(retryAfterMs / 1000), eventIds };
  }

  /** Takes back recorded events (an attempt that turned out not to count). */
  async forget(db: DbOrTx, eventIds: number[]): Promise<void> {
    if (eventIds.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, eventIds));
  }

  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
  }
}

export async function pruneRateLimitEvents(db: DbOrTx, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
}
