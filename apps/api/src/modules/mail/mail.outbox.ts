import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { RenderedMail } from './mail.templates.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** After this many failed attempts a message is marked failed and left for an operator. */
export const MAX_ATTEMPTS = 10;
/** How long a claimed row stays invisible to other workers (longer than SMTP's timeouts). */
export const CLAIM_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Queues a message; pass the transaction of the change that causes it, so both commit or neither. */
export async function enqueueMail(tx: DbOrTx, to: string, mail: RenderedMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ to, subject: mail.subject, html: mail.html, text: mail.text })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due messages: a conditional update over rows picked with
 * FOR UPDATE SKIP LOCKED, so concurrent workers (replicas) never claim the same row.
 */
export async function claimDueMail(db: DbOrTx, now: Date, limit: number): Promise<OutboxRow[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await db.execute<{ id: number }>(sql`
    update ${mailOutbox} set locked_until = ${until.toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const claimed = await db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markSent(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Exponential backoff: 15 s, 30 s, 1 min … capped at 1 h; gives up after MAX_ATTEMPTS. */
export function nextAttemptDelay(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export async function markFailed(db: DbOrTx, row: OutboxRow, now: Date, error: string): Promise<void> {
  const attempts = row.attempts + 1;
  await db
    .update(mailOutbox)
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: new Date(now.getTime() + nextAttemptDelay(attempts)),
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
}
