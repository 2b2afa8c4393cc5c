import type { FastifyInstance } from 'fastify';
import { claimDueMail, markFailed, markSent, renewClaim, type ClaimedRow } from './mail.outbox.ts';
import { isPermanentMailError } from './mail.transport.ts';

/** Few rows per claim: the rows waiting their turn must not outlive their lease. */
const BATCH = 5;

/** The outbox row's stable Message-ID: a retry of the same row is the same message. */
export function messageIdFor(id: number, publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    /* keep localhost */
  }
  return `<outbox-${id}@${host}>`;
}

/**
 * Sends every due message in the outbox (the job runs it every few seconds; tests call it to drain).
 * Returns how many were sent and how many attempts failed. `now` lets tests step past the backoff.
 */
export async function deliverDueMail(app: FastifyInstance, opts: { now?: Date } = {}): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const seen = new Set<number>();
  const clock = () => opts.now ?? new Date();
  for (;;) {
    const batch = (await claimDueMail(app.db, clock(), BATCH)).filter((r) => !seen.has(r.id));
    if (batch.length === 0) return result;
    for (const row of batch) {
      seen.add(row.id);
      const outcome = await deliverOne(app, row, clock);
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'failed') result.failed++;
    }
  }
}

async function deliverOne(app: FastifyInstance, row: ClaimedRow, clock: () => Date): Promise<'sent' | 'failed' | 'lost'> {
  if (row.expiresAt && row.expiresAt.getTime() <= clock().getTime()) {
    // Its link has expired: sending it now would only confuse.
    app.log.warn({ outboxId: row.id }, 'e-mail expired before it could be delivered; not sent');
    return (await markFailed(app.db, row, clock(), 'expired before delivery', true)) ? 'failed' : 'lost';
  }
  // Re-checks the claim (and renews its lease) right before sending: a row another worker took
  // over after our lease ran out is theirs to send.
  if (!(await renewClaim(app.db, row, clock()))) {
    app.log.warn({ outboxId: row.id }, 'e-mail claim lost before sending; left to the worker that holds it');
    return 'lost';
  }
  try {
    await app.services.mail.send(
      {
        messageId: messageIdFor(row.id, app.config.publicUrl),
        from: app.config.mailFrom,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        ...(row.headers ? { headers: row.headers } : {}),
      },
      app.log,
    );
  } catch (err) {
    const permanent = isPermanentMailError(err);
    app.log.warn({ err, outboxId: row.id }, permanent ? 'e-mail refused for good; marked failed' : 'e-mail delivery failed; will retry');
    const marked = await markFailed(app.db, row, clock(), (err as Error).message ?? String(err), permanent);
    return marked ? 'failed' : 'lost';
  }
  if (await markSent(app.db, row, clock())) return 'sent';
  app.log.warn({ outboxId: row.id }, 'e-mail sent, but its claim had passed to another worker');
  return 'lost';
}
