import {
  MSG,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResult,
  type SessionProfile,
} from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, rateLimited } from '../../lib/errors.ts';
import { dummyPasswordHash } from '../../lib/password.ts';
import { forgetAttempt, RateLimiter, recordAttempt, type Attempt } from '../../lib/rate-limit.ts';
import { newToken } from '../../lib/tokens.ts';
import type { Services } from '../../services.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { resetPasswordMail } from '../mail/mail.templates.ts';
import { consumeResetToken, findLiveResetToken, issueResetToken, revokeResetTokens, storeResetToken } from './reset-tokens.ts';
import { createSession, deleteSessionByToken, deleteUserSessions, findResidentPlace, type SessionUser } from './sessions.repository.ts';
import { findResetRecipient, findUserByEmail, findUserById, setPassword } from './users.repository.ts';
import { loginNotAFailure, loginSucceeded, recordLoginAttempt } from './login-limits.ts';

/** What the session calls need of app.services: the clock (rate-limit windows) and the hasher. */
export type AuthServices = Pick<Services, 'clock' | 'passwords'>;

/** API.md §Identity: the limits live in login-limits.ts. */
export async function login(db: Db, services: AuthServices, input: LoginInput, ip: string): Promise<LoginResult> {
  const now = services.clock();
  const user = await findUserByEmail(db, input.email);
  // Counted before the password is checked: a parallel burst cannot slip past the limit.
  const attempt = await recordLoginAttempt(db, input.email, ip, user?.id ?? null, now);
  if (attempt.retryAfterSeconds) throw rateLimited(attempt.retryAfterSeconds);

  const ok = await services.passwords.verify(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', MSG.badCredentials);
  if (user.isDeleted) {
    await loginNotAFailure(db, attempt);
    throw new AppError('FORBIDDEN', MSG.userDisabled);
  }
  await loginSucceeded(db, attempt, user.id, now);

  const token = await createSession(db, user.id);
  const result: LoginResult = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    message: MSG.welcome(user.name),
    token,
    first_logging: user.firstLogging,
  };
  // Issued only after the password was verified: the first login goes straight to choosing one.
  // A newer one voids the earlier ones, so only the latest first-login link works.
  if (user.firstLogging) {
    result.resetToken = await db.transaction(async (tx) => {
      await revokeResetTokens(tx, user.id);
      return issueResetToken(tx, user.id);
    });
  }
  return result;
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSessionByToken(db, token);
}

export async function sessionProfile(db: Db, user: SessionUser): Promise<SessionProfile> {
  const profile: SessionProfile = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    message: MSG.welcome(user.name),
    first_logging: user.firstLogging,
  };
  if (user.role === 'resident' && user.apartmentId) {
    const place = await findResidentPlace(db, user.apartmentId);
    return { ...profile, apartment: place?.apartment ?? null, building: place?.building ?? null };
  }
  return profile;
}

/** Reset e-mails: 5 per e-mail address per hour, 20 per client address per hour. */
export const resetMailLimiter = new RateLimiter(5, 60 * 60_000);
export const resetIpLimiter = new RateLimiter(20, 60 * 60_000);
/** tokenToEmail and changepassword: 20 calls with a dead token per client address in 15 minutes. */
export const resetTokenLimiter = new RateLimiter(20, 15 * 60_000);

/** Where a reset link points: the web app's reset screen, the token being the whole query string. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/logging/restaurarcontraseña?${token}`;
}

/**
 * Queues a reset link when the account exists and is enabled; the caller answers the same either
 * way (no account enumeration). The token and the e-mail commit together. Both paths do the same
 * work up to the two inserts (draw a token, look the address up in a transaction, render the
 * e-mail), so the answer takes about as long whether or not the account exists.
 */
export async function requestPasswordReset(
  db: Db,
  services: AuthServices,
  input: ForgotPasswordInput,
  ip: string,
  publicUrl: string,
): Promise<void> {
  const attempt = await recordAttempt(
    db,
    [resetMailLimiter.on(`reset:email:${input.email}`), resetIpLimiter.on(`reset:ip:${ip}`)],
    services.clock(),
  );
  if (attempt.limited) throw rateLimited(attempt.retryAfterSeconds);

  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    const user = await findResetRecipient(tx, input.email);
    const mail = resetPasswordMail({ name: user?.name ?? '', buildingName: user?.buildingName ?? null, link: resetLink(publicUrl, token) });
    if (!user || user.isDeleted) return;
    await storeResetToken(tx, user.id, hash);
    await enqueueMail(tx, user.email, mail);
  });
}

/**
 * Counts a call that presents a reset token against its client address first: 429 once the
 * address has presented too many dead tokens. The caller forgets the attempt when the token was live.
 */
async function tokenCall(db: Db, services: AuthServices, ip: string): Promise<Attempt> {
  const attempt = await resetTokenLimiter.attempt(db, [`reset:token:ip:${ip}`], services.clock());
  if (attempt.limited) throw rateLimited(attempt.retryAfterSeconds);
  return attempt;
}

/** A live token and its enabled owner, else 404: unknown, used, expired, or the user is banned. */
async function liveTokenOwner(db: DbOrTx, token: string) {
  const row = await findLiveResetToken(db, token);
  const user = row ? await findUserById(db, row.userId) : null;
  if (!row || !user || user.isDeleted) throw notFound(MSG.tokenInvalid);
  return { row, user };
}

/** The e-mail a live token belongs to (the reset screen shows it read-only). */
export async function emailForToken(db: Db, services: AuthServices, token: string, ip: string): Promise<{ email: string }> {
  const attempt = await tokenCall(db, services, ip);
  const { user } = await liveTokenOwner(db, token);
  await forgetAttempt(db, attempt);
  return { email: user.email };
}

/**
 * Sets the new password with a live token: the token is consumed (once, even under concurrent
 * calls), the user's other unused tokens are voided, first_logging ends, and every other
 * session of the user ends. The token is checked before the new password is hashed: a dead
 * token costs no hash.
 */
export async function changePassword(
  db: Db,
  services: AuthServices,
  input: ChangePasswordInput,
  caller: SessionUser | null,
  ip: string,
): Promise<{ message: string }> {
  const attempt = await tokenCall(db, services, ip);
  const live = await liveTokenOwner(db, input.token);

  const passwordHash = await services.passwords.hash(input.newPass);
  await db.transaction(async (tx) => {
    // Still live (not used or expired while hashing), and consumed once even under concurrent calls.
    const { row, user } = await liveTokenOwner(tx, input.token);
    if (row.id !== live.row.id || !(await consumeResetToken(tx, row.id))) throw notFound(MSG.tokenInvalid);
    await setPassword(tx, user.id, passwordHash);
    // Every other link the user was sent dies with the old password.
    await revokeResetTokens(tx, user.id);
    await deleteUserSessions(tx, user.id, caller?.id === user.id ? caller.sessionId : undefined);
  });
  await forgetAttempt(db, attempt);
  return { message: MSG.passwordChanged };
}
