import type { FastifyInstance } from 'fastify';
import { claimDueMail, markFailed, markSent } from './mail.outbox.ts';

const BATCH = 20;

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
 * Returns how many were sent. `now` lets tests step past the backoff.
 */
export async function deliverDueMail(app: FastifyInstance, opts: { now?: Date } = {}): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const seen = new Set<number>();
  for (;;) {
    const now = opts.now ?? new Date();
    const batch = (await claimDueMail(app.db, now, BATCH)).filter((r) => !seen.has(r.id));
    if (batch.length === 0) return result;
    for (const row of batch) {
      seen.add(row.id);
      try {
        await app.services.mail.send(
          {
            messageId: messageIdFor(row.id, app.config.publicUrl),
            from: app.config.mailFrom,
            to: row.to,
            subject: row.subject,
            html: row.html,
            text: row.text,
          },
          app.log,
        );
        await markSent(app.db, row.id, new Date());
        result.sent++;
      } catch (err) {
        app.log.warn({ err, outboxId: row.id }, 'e-mail delivery failed; will retry');
        await markFailed(app.db, row, opts.now ?? new Date(), (err as Error).message ?? String(err));
        result.failed++;
      }
    }
  }
}
