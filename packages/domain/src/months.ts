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

/** First and last ISO day of a month (index 0..11). */
export function monthRange(year: number, month: number): { since: string; upTo: string } {
  const mm = String(month + 1).padStart(2, '0');
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { since: `${year}-${mm}-01`, upTo: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
