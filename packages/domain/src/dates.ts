import { yearMonthOf } from './common.ts';

/** Today's date (YYYY-MM-DD) in Argentina, where every building lives. */
export const APP_TIME_ZONE = 'America/Argentina/Cordoba';

export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** YYYY-MM-DD → DD/MM/YYYY */
export function formatDateEs(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** YYYY-MM-DD → DD/MM/YY */
export function formatDateShortEs(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y?.slice(2)}`;
}

/** The current year and month (0..11) in Argentina. */
export function currentMonth(now: Date = new Date()): { year: number; month: number } {
  return yearMonthOf(todayIso(now));
}

/** Whether a month (0..11) starts after the current one, in Argentina: it cannot be settled yet. */
export function isFutureMonth(year: number, month: number, now: Date = new Date()): boolean {
  const c = currentMonth(now);
  return year * 12 + month > c.year * 12 + c.month;
}
