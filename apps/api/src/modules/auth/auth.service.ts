import { MSG, type ChangePasswordInput, type ForgotPasswordInput, type LoginInput } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { resetPasswordMail } from '../mail/mail.templates.ts';
import { consumeResetToken, findLiveResetToken, issueResetToken } from './reset-tokens.ts';
import { createSession, deleteSessionByToken, deleteUserSessions, findResidentPlace, type SessionUser } from './sessions.repository.ts';
import { findUserByEmail, findUserById, setPassword } from './users.repository.ts';

/** API.md: after 10 failures in 15 minutes, per e-mail and per address, 429. */
export const loginLimiter = new RateLimiter(10, 15 * 60_000);

export interface LoginResult {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'resident';
  message: string;
  token: string;
  first_logging: boolean;
  resetToken?: string;
}

export async function login(db: Db, input: LoginInput, ip: string): Promise<LoginResult> {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  if (await loginLimiter.isLimited(db, [emailKey, ipKey])) throw new AppError('RATE_LIMITED', MSG.rateLimited);

  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    await loginLimiter.hit(db, [emailKey, ipKey]);
    throw new AppError('UNAUTHENTICATED', MSG.badCredentials);
  }
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
  if (user.firstLogging) result.resetToken = await issueResetToken(db, user.id);
  return result;
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSessionByToken(db, token);
}

export async function sessionProfile(db: Db, user: SessionUser) {
  const profile = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
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
 * way (no account enumeration). The token and the e-mail commit together.
 */
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput, ip: string, publicUrl: string): Promise<void> {
  const emailKey = `reset:email:${input.email}`;
  const ipKey = `reset:ip:${ip}`;
  if ((await resetMailLimiter.isLimited(db, [emailKey])) || (await resetIpLimiter.isLimited(db, [ipKey]))) {
    throw new AppError('RATE_LIMITED', MSG.rateLimited);
  }
  await resetMailLimiter.hit(db, [emailKey, ipKey]);
  const user = await findUserByEmail(db, input.email);
  if (!user || user.isDeleted) return;
  const place = user.apartmentId ? await findResidentPlace(db, user.apartmentId) : null;
  await db.transaction(async (tx) => {
    const token = await issueResetToken(tx, user.id);
    const mail = resetPasswordMail({ name: user.name, buildingName: place?.building.name ?? null, link: resetLink(publicUrl, token) });
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
 * calls), first_logging ends, and every other session of the user ends.
 */
export async function changePassword(db: Db, input: ChangePasswordInput, caller: SessionUser | null): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPass);
  await db.transaction(async (tx) => {
    const row = await findLiveResetToken(tx, input.token);
    if (!row || !(await consumeResetToken(tx, row.id))) throw notFound(MSG.tokenInvalid);
    const user = await findUserById(tx, row.userId);
    if (!user || user.isDeleted) throw notFound(MSG.tokenInvalid);
    await setPassword(tx, user.id, passwordHash);
    await deleteUserSessions(tx, user.id, caller?.id === user.id ? caller.sessionId : undefined);
  });
  return { message: MSG.passwordChanged };
}
