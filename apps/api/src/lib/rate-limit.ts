import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitEvents } from '../db/schema.ts';

/** Counts events per key in a sliding window, in the database so every replica sees them. */
export class RateLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async isLimited(db: DbOrTx, keys: string[]): Promise<boolean> {
    const since = new Date(Date.now() - this.windowMs);
    for (const key of keys) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
      if ((row?.n ?? 0) >= this.limit) return true;
    }
    return false;
  }

  async hit(db: DbOrTx, keys: string[]): Promise<void> {
    if (keys.length) await db.insert(rateLimitEvents).values(keys.map((key) => ({ key })));
  }

  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
  }
}

export async function pruneRateLimitEvents(db: DbOrTx, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
}
