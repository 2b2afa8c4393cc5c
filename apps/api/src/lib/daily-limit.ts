import { todayIso } from '@consorcio/domain';
import { AppError } from './errors.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The start of today in Argentina. Daily limits (complaints, service proposals) count per calendar
 * day there (what their messages say: "hoy", "mañana"), not a rolling 24 hours. Argentina keeps
 * UTC−3 all year.
 */
export function argentinaDayStart(now: Date): Date {
  return new Date(`${todayIso(now)}T00:00:00-03:00`);
}

/** 429 with `message` and a Retry-After up to Argentina's next midnight. */
export function dailyLimitReached(now: Date, message: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((argentinaDayStart(now).getTime() + DAY_MS - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', message, undefined, { 'Retry-After': String(retryAfter) });
}
