import { MSG } from '@consorcio/domain';

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A failure the user should hear about: code → status, message in Spanish. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const validation = (message: string, fields?: Record<string, string>) => new AppError('VALIDATION', message, fields);
/** 429 telling the client how many seconds to wait. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', MSG.rateLimited, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Postgres unique_violation, as raised by both node-postgres and PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string; constraint?: string };
    cur = c.cause;
  }
  return undefined;
}

/** Errors that mean the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const pg = findPgError(err);
  if (pg?.code && /^(08|57P0|53)/.test(pg.code)) return true;
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(c.code)) return true;
    if (
      typeof c.message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|database system is (starting up|shutting down)/i.test(
        c.message,
      )
    )
      return true;
    cur = c.cause;
  }
  return false;
}
