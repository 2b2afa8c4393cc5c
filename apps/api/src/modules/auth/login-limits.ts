import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginAddresses } from '../../db/schema.ts';
import { clearKey, forgetAttempt, RateLimiter, recordAttempt, retryAfter, type Attempt } from '../../lib/rate-limit.ts';

/**
 * API.md §Identity: login failures are limited without letting a stranger lock the owner out.
 * - one e-mail from one address: 10 in 15 minutes;
 * - one address, any e-mails: 50 in 15 minutes;
 * - one e-mail, any addresses: 100 in an hour, but only for addresses that have never logged
 *   into that account (the owner, from where they usually log in, is never refused by it).
 */
export const LOGIN_LIMITS = {
  pair: new RateLimiter(10, 15 * 60_000),
  address: new RateLimiter(50, 15 * 60_000),
  account: new RateLimiter(100, 60 * 60_000),
} as const;

function loginKeys(email: string, address: string) {
  return { pair: `login:pair:${address} ${email}`, address: `login:ip:${address}`, account: `login:email:${email}` };
}

export interface LoginAttempt {
  /** Seconds to wait when the attempt is refused (429), else 0. */
  retryAfterSeconds: number;
  attempt: Attempt;
  email: string;
  address: string;
}

/**
 * Records a login attempt under its three keys before anything is counted or checked (a
 * parallel burst cannot slip past a limit), then decides whether it may go on to the password.
 * `userId` is the account the e-mail belongs to, if any.
 */
export async function recordLoginAttempt(
  db: DbOrTx,
  email: string,
  address: string,
  userId: number | null,
  now: Date,
): Promise<LoginAttempt> {
  const keys = loginKeys(email, address);
  const attempt = await recordAttempt(
    db,
    [LOGIN_LIMITS.pair.on(keys.pair), LOGIN_LIMITS.address.on(keys.address), LOGIN_LIMITS.account.on(keys.account)],
    now,
  );
  let wait = retryAfter(attempt, [keys.pair, keys.address]);
  if (!wait && attempt.over.has(keys.account) && !(userId !== null && (await hasLoggedInFrom(db, userId, address)))) {
    wait = retryAfter(attempt, [keys.account]);
  }
  return { retryAfterSeconds: wait, attempt, email, address };
}

/**
 * The password was right: the attempt was no failure, and the pair starts over. The e-mail's
 * count stays (a stranger's failures are not wiped by the owner's success); the address is
 * remembered as one the user logs in from.
 */
export async function loginSucceeded(db: DbOrTx, login: LoginAttempt, userId: number, now: Date): Promise<void> {
  await forgetAttempt(db, login.attempt);
  await clearKey(db, loginKeys(login.email, login.address).pair);
  await db
    .insert(loginAddresses)
    .values({ userId, address: login.address, lastLoginAt: now })
    .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.address], set: { lastLoginAt: now } });
}

/** Right password, but the login does not go on (a disabled user): not a failure either. */
export async function loginNotAFailure(db: DbOrTx, login: LoginAttempt): Promise<void> {
  await forgetAttempt(db, login.attempt);
}

export async function hasLoggedInFrom(db: DbOrTx, userId: number, address: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: loginAddresses.userId })
    .from(loginAddresses)
    .where(and(eq(loginAddresses.userId, userId), eq(loginAddresses.address, address)))
    .limit(1);
  return !!row;
}

/** An address the user has not logged in from for this long is no longer "known" (and its row goes). */
export const KNOWN_ADDRESS_TTL_MS = 365 * 24 * 3600_000;

/** Forgets addresses not used to log in for KNOWN_ADDRESS_TTL_MS (run by the prune-auth job). */
export async function pruneLoginAddresses(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(loginAddresses)
    .where(lt(loginAddresses.lastLoginAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)))
    .returning({ userId: loginAddresses.userId });
  return gone.length;
}
