import {
  MSG,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResult,
  type SessionProfile,
} from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound, rateLimited } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { resetPasswordMail } from '../mail/mail.templates.ts';
import { consumeResetToken, findLiveResetToken, issueResetToken, revokeResetTokens, storeResetToken } from './reset-tokens.ts';
import { createSession, deleteSessionByToken, deleteUserSessions, findResidentPlace, type SessionUser } from './sessions.repository.ts';
import { findResetRecipient, findUserByEmail, findUserById, setPassword } from './users.repository.ts';

/** API.md: after 10 failures in 15 minutes, per e-mail and per address, 429. */
export const loginLimiter = new RateLimiter(10, 15 * 60_000);

export async function login(db: Db, input: LoginInput, ip: string): Promise<LoginResult> {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  // Counted before the password is checked: a parallel burst cannot slip past the limit.
  const attempt = await loginLimiter.attempt(db, [emailKey, ipKey]);
  if (attempt.limited) throw rateLimited(attempt.retryAfterSeconds);

  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', MSG.badCredentials);
  // The right password is not a failure: the e-mail starts over, and the address keeps only its failures.
  await loginLimiter.forget(db, attempt.eventIds);
  if (user.isDeleted) throw new AppError('FORBIDDEN', MSG.userDisabled);
  await loginLimiter.clear(db, emailKey);

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

/** Reset e-mails: 5 per address per hour, 20 per client address per hour. */
export const resetMailLimiter = new RateLimiter(5, 60 * 60_000);
export const resetIpLimiter = new RateLimiter(20, 60 * 60_000);

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
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput, ip: string, publicUrl: string): Promise<void> {
  const byEmail = await resetMailLimiter.attempt(db, [`reset:email:${input.email}`]);
  if (byEmail.limited) throw rateLimited(byEmail.retryAfterSeconds);
  const byIp = await resetIpLimiter.attempt(db, [`reset:ip:${ip}`]);
  if (byIp.limited) throw rateLimited(byIp.retryAfterSeconds);

  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    const user = await findResetRecipient(tx, input.email);
    const mail = resetPasswordMail({ name: user?.name ?? '', buildingName: user?.buildingName ?? null, link: resetLink(publicUrl, token) });
    if (!user || user.isDeleted) return;
    await storeResetToken(tx, user.id, hash);
    await enqueueMail(tx, user.email, mail);
  });
}

/** The e-mail a live token belongs to (the reset screen shows it read-only). */
export async function emailForToken(db: Db, token: string): Promise<{ email: string }> {
  const row = await findLiveResetToken(db, token);
  const user = row ? await findUserById(db, row.userId) : null;
  if (!row || !user || user.isDeleted) throw notFound(MSG.tokenInvalid);
  return { email: user.email };
}

/**
 * Sets the new password with a live token: the token is consumed (once, even under concurrent
 * calls), the user's other unused tokens are voided, first_logging ends, and every other
 * session of the user ends.
 */
export async function changePassword(db: Db, input: ChangePasswordInput, caller: SessionUser | null): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPass);
  await db.transaction(async (tx) => {
    const row = await findLiveResetToken(tx, input.token);
    if (!row || !(await consumeResetToken(tx, row.id))) throw notFound(MSG.tokenInvalid);
    const user = await findUserById(tx, row.userId);
    if (!user || user.isDeleted) throw notFound(MSG.tokenInvalid);
    await setPassword(tx, user.id, passwordHash);
    // Every other link the user was sent dies with the old password.
    await revokeResetTokens(tx, user.id);
    await deleteUserSessions(tx, user.id, caller?.id === user.id ? caller.sessionId : undefined);
  });
  return { message: MSG.passwordChanged };
}
