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
