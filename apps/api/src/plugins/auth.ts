import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, USER_MSG } from '@consorcio/domain';
import { AppError } from '../lib/errors.ts';
import {
  findSessionUser,
  SESSION_IDLE_MS,
  sessionUserOf,
  type SessionLookupRow,
  type SessionUser,
} from '../modules/auth/sessions.repository.ts';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, resolved lazily from the session cookie or bearer token. */
    principal(): Promise<SessionUser | null>;
    /**
     * Resolves the caller from a session lookup row read by a statement that also read something for them (one
     * round trip instead of two): what principal() then answers. Only before principal() was first called.
     */
    principalFrom(row: Promise<SessionLookupRow | undefined>): void;
    sessionToken(): string | undefined;
  }
}

export type Principal = SessionUser;
export type AdminPrincipal = SessionUser & { role: 'admin' };
export type ResidentPrincipal = SessionUser & { role: 'resident'; apartmentId: number; buildingId: number };

/** Who the caller is: the one place that reads credentials. Routes then ask requireX(). */
export default fp(async (app) => {
  const remember = (cache: CachedPrincipal, principal: Promise<SessionUser | null>) => {
    cache._principal = principal;
    // Kept as a value for the onSend hook below, which then needs no promise of its own.
    principal.then(
      (user) => (cache._renewed = user?.renewed === true),
      () => {},
    );
    return principal;
  };
  app.decorateRequest('principal', function (this: FastifyRequest) {
    const cache = this as CachedPrincipal;
    if (cache._principal) return cache._principal;
    const token = this.sessionToken();
    return remember(cache, token ? findSessionUser(app.db, token) : Promise.resolve(null));
  });
  app.decorateRequest('principalFrom', function (this: FastifyRequest, row: Promise<SessionLookupRow | undefined>) {
    const cache = this as CachedPrincipal;
    if (cache._principal) throw new Error('principalFrom: the caller was already looked up');
    remember(
      cache,
      row.then((r) => sessionUserOf(app.db, r)),
    );
  });
  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    const bearer = bearerToken(this);
    if (bearer !== null) return bearer || undefined;
    return this.cookies[SESSION_COOKIE] || undefined;
  });

  // Sessions end after 30 days idle: when the server resets a cookie session's idle clock, the
  // browser's cookie gets a fresh 30 days too (unless this reply already sets or clears it).
  app.addHook('onSend', (request, reply, payload, done) => {
    const token = (request as CachedPrincipal)._renewed ? request.cookies[SESSION_COOKIE] : undefined;
    if (token && bearerToken(request) === null) {
      const existing = reply.getHeader('set-cookie');
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
      if (!list.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) {
        reply.header('set-cookie', [...list, app.serializeCookie(SESSION_COOKIE, token, sessionCookieOptions(app.config.secureCookies))]);
      }
    }
    done(null, payload);
  });
});

/** The request's caller, looked up at most once: the lookup, and whether it reset the session's idle clock. */
type CachedPrincipal = FastifyRequest & { _principal?: Promise<SessionUser | null>; _renewed?: boolean };

/** The bearer token ('' when the header is there but empty), or null without a Bearer header. */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^bearer\s+(.*)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]!.trim() : null;
}

function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: Math.floor(SESSION_IDLE_MS / 1000) };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * The caller, or 401. A user created by an administrator who has not yet chosen a password
 * (first_logging) gets 403 everywhere except the calls that opt in (session and reset):
 * every role check goes through here, so this is the one place that rule lives.
 */
export async function requireUser(request: FastifyRequest, opts: { allowFirstLogin?: boolean } = {}): Promise<Principal> {
  const user = await request.principal();
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.unauthenticated);
  if (user.firstLogging && !opts.allowFirstLogin) throw new AppError('FORBIDDEN', USER_MSG.mustChoosePassword);
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<AdminPrincipal> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', MSG.forbidden);
  return user as AdminPrincipal;
}

/*
 * Route hooks (`preValidation`): the role is checked before the body or query is, so a caller
 * without the right role gets 401/403, never field messages about a call they may not make.
 * Handlers still call requireX() for the typed caller (resolved once per request).
 */
export const adminOnly = async (request: FastifyRequest): Promise<void> => {
  await requireAdmin(request);
};
export const signedIn = async (request: FastifyRequest): Promise<void> => {
  await requireUser(request);
};

export async function requireResident(request: FastifyRequest): Promise<ResidentPrincipal> {
  const user = await requireUser(request);
  if (user.role !== 'resident' || user.apartmentId === null || user.buildingId === null) {
    throw new AppError('FORBIDDEN', MSG.forbidden);
  }
  return user as ResidentPrincipal;
}
