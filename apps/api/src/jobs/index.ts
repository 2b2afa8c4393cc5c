import type { FastifyInstance } from 'fastify';
import { pruneRateLimitEvents } from '../lib/rate-limit.ts';
import { pruneIdleSessions } from '../modules/auth/sessions.repository.ts';
import { pruneLoginAddresses } from '../modules/auth/login-limits.ts';
import { pruneExpiredFlows } from '../modules/auth/oidc.repository.ts';
import { purgeSentMail } from '../modules/mail/mail.outbox.ts';
import { deliverDueMail } from '../modules/mail/mail.worker.ts';
import { recheckPendingPayments } from '../modules/payments/payments.service.ts';

export interface Job {
  name: string;
  everyMs: number;
  run: (app: FastifyInstance) => Promise<void>;
}

/** Background work; its state lives in the database, so any replica may run it. */
export const jobs: Job[] = [
  {
    name: 'prune-auth',
    everyMs: 60 * 60_000,
    run: async (app) => {
      await pruneRateLimitEvents(app.db);
      await pruneIdleSessions(app.db);
      await pruneLoginAddresses(app.db, app.services.clock());
    },
  },
  {
    // Authorization requests and sign-up tokens of the OpenID Connect provider, once expired.
    name: 'prune-oidc',
    everyMs: 60 * 60_000,
    run: async (app) => {
      await pruneExpiredFlows(app.db, app.services.clock());
    },
  },
  {
    // Sent messages are kept a while as a record (bodies already emptied), then deleted.
    name: 'prune-mail',
    everyMs: 60 * 60_000,
    run: async (app) => {
      await purgeSentMail(app.db);
    },
  },
  {
    // The durable outbox: messages wait in the database until SMTP takes them.
    name: 'mail-outbox',
    everyMs: 3_000,
    run: async (app) => {
      await deliverDueMail(app);
    },
  },
  {
    // Asks the payment provider about pending checkouts: a lost notification never leaves a paid expense Adeudada.
    name: 'payments-recheck',
    everyMs: 60_000,
    run: async (app) => {
      await recheckPendingPayments(app);
    },
  },
];

/** Starts every job on its interval; the returned function stops them and waits for runs in flight. */
export function startJobs(app: FastifyInstance, list: Job[] = jobs): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of list) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run(app)
        .catch((err) => app.log.warn({ err }, `job ${job.name} failed`))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.everyMs));
    setImmediate(tick);
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
