import { yearMonthOf } from './common.ts';

export const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];

export const MONTH_NAMES_ES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

export function monthKey(index: number): MonthKey {
  const key = MONTH_KEYS[index];
  if (key === undefined) throw new RangeError(`month index out of range: ${index}`);
  return key;
}

export function monthIndex(key: string): number {
  return MONTH_KEYS.indexOf(key as MonthKey);
}

export function monthNameEs(keyOrIndex: string | number): string {
  const i = typeof keyOrIndex === 'number' ? keyOrIndex : monthIndex(keyOrIndex);
  return MONTH_NAMES_ES[i] ?? String(keyOrIndex);
}

/** YYYY-MM-DD of a day of a month (index 0..11). */
function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** First and last ISO day of a month (index 0..11). */
export function monthRange(year: number, month: number): { since: string; upTo: string } {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { since: isoDay(year, month, 1), upTo: isoDay(year, month, last) };
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function firstOfMonth(iso: string): string {
  const { year, month } = yearMonthOf(iso);
  return isoDay(year, month, 1);
}

function firstOfNextMonth(iso: string): string {
  const { year, month } = yearMonthOf(iso);
  return month === 11 ? isoDay(year + 1, 0, 1) : isoDay(year, month + 1, 1);
}

/**
 * Splits an inclusive day range (either end open) into whole calendar months and the loose days at
 * its ends, so a sum kept per month can answer the whole months and only the loose days are read one
 * by one. `months` is [from, until) as first days of months; `days` are inclusive ranges.
 */
export function splitByWholeMonths(
  since?: string,
  upTo?: string,
): { months?: { from?: string; until?: string }; days: { since?: string; upTo?: string }[] } {
  const from = since === undefined ? undefined : since.endsWith('-01') ? since : firstOfNextMonth(since);
  const until = upTo === undefined ? undefined : firstOfNextMonth(upTo) === addDays(upTo, 1) ? addDays(upTo, 1) : firstOfMonth(upTo);
  if (from !== undefined && until !== undefined && from >= until) return { days: [{ since, upTo }] };
  const days: { since?: string; upTo?: string }[] = [];
  if (since !== undefined && from !== undefined && since < from) days.push({ since, upTo: addDays(from, -1) });
  if (upTo !== undefined && until !== undefined && until <= upTo) days.push({ since: until, upTo });
  return { months: { from, until }, days };
}
