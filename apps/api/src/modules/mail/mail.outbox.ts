import { and, asc, eq, inArray, isNotNull, lt, lte, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { RenderedMail } from './mail.templates.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
/** A row this worker claimed: `claimToken` is its proof, required by every later write. */
export type ClaimedRow = OutboxRow & { claimToken: string };

/**
 * How long a claimed row stays invisible to other workers. The worker renews it for each row
 * just before sending, and one send is bounded by the SMTP timeouts (well under this).
 */
export const CLAIM_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;
/** Sent rows are deleted after this long (their bodies were already emptied when sent). */
export const SENT_RETENTION_MS = 30 * 24 * 3600_000;

/** Queues a message; pass the transaction of the change that causes it, so both commit or neither. */
export async function enqueueMail(tx: DbOrTx, to: string, mail: RenderedMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? null,
      // Due at once. The worker compares with a JavaScript clock (milliseconds): a microsecond
      // timestamp from the same millisecond would look a little in the future and wait a poll.
      nextAttemptAt: sql`date_trunc('milliseconds', now())`,
      expiresAt: mail.lifetimeMs === undefined ? null : sql`now() + ${mail.lifetimeMs} * interval '1 millisecond'`,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Queues many messages in one statement (an alert to every subscriber of a building): pass the
 * transaction of the change that causes them. Returns how many were queued.
 */
export async function enqueueMailBatch(tx: DbOrTx, messages: { to: string; mail: RenderedMail }[]): Promise<number> {
  if (messages.length === 0) return 0;
  const dueNow = sql`date_trunc('milliseconds', now())`;
  const rows = await tx
    .insert(mailOutbox)
    .values(
      messages.map(({ to, mail }) => ({
        to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? null,
        nextAttemptAt: dueNow,
        expiresAt: mail.lifetimeMs === undefined ? null : sql`now() + ${mail.lifetimeMs} * interval '1 millisecond'`,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Claims up to `limit` due messages: a conditional update over rows picked with
 * FOR UPDATE SKIP LOCKED, so concurrent workers (replicas) never claim the same row, and each
 * claimed row gets a fresh claim token: a worker whose lease ran out (and whose rows another
 * worker reclaimed) can no longer send or mark them.
 */
export async function claimDueMail(db: DbOrTx, now: Date, limit: number): Promise<ClaimedRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), claimToken: sql`gen_random_uuid()` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return (rows as ClaimedRow[]).sort((a, b) => a.id - b.id);
}

/**
 * Renews the lease just before sending; false when the claim was lost (the lease ran out and
 * another worker took the row, or it is no longer pending): then this worker must not send it.
 */
export async function renewClaim(db: DbOrTx, row: ClaimedRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** The bodies and headers carry secrets (reset and unsubscribe links): once a message is out, or will never be, they are emptied. */
const redacted = { html: '', text: '', headers: null };

/** Records the delivery; false when this worker no longer holds the claim. */
export async function markSent(db: DbOrTx, row: ClaimedRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      claimToken: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      ...redacted,
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Exponential backoff: 15 s, 30 s, 1 min … capped at 1 h, and retried at that pace for as long as it takes. */
export function nextAttemptDelay(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(30, Math.max(0, attempts - 1)), BACKOFF_MAX_MS);
}

/**
 * Records a failed attempt. A transient one (SMTP down, a 4xx reply) is retried later, without
 * end; a permanent one (a 5xx reply, or a message that expired unsent) marks the row failed for
 * good, its bodies emptied. False when this worker no longer holds the claim.
 */
export async function markFailed(db: DbOrTx, row: ClaimedRow, now: Date, error: string, permanent: boolean): Promise<boolean> {
  const attempts = row.attempts + 1;
  const rows = await db
    .update(mailOutbox)
    .set({
      attempts,
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      claimToken: null,
      nextAttemptAt: new Date(now.getTime() + nextAttemptDelay(attempts)),
      ...(permanent ? { status: 'failed' as const, ...redacted } : {}),
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

/** Deletes sent messages older than the retention (they hold no body by then, only the record). */
export async function purgeSentMail(db: DbOrTx, now: Date = new Date(), retentionMs = SENT_RETENTION_MS): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(now.getTime() - retentionMs))))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
