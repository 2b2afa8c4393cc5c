import { yearMonthOf } from './common.ts';

/** Today's date (YYYY-MM-DD) in Argentina, where every building lives. */
export const APP_TIME_ZONE = 'America/Argentina/Cordoba';

export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const localDateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The instant as Argentine wall-clock time, 'YYYY-MM-DDTHH:mm:ss': amenity slots are stored that
 * way (timestamp without zone), so "now" is compared in the same terms. Such strings order like
 * the times they name.
 */
export function localDateTimeIso(now: Date = new Date()): string {
  const v = Object.fromEntries(localDateTimeFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return `${v.year}-${v.month}-${v.day}T${v.hour}:${v.minute}:${v.second}`;
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

const dateTimeParts = new Intl.DateTimeFormat('es-AR', {
  timeZone: APP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** ISO timestamp → DD/MM/YYYY HH:mm, in Argentina whatever the device's zone. */
export function formatDateTimeEs(iso: string): string {
  const p = Object.fromEntries(dateTimeParts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
