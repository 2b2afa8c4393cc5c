import { todayIso } from '@consorcio/domain';

/** The page that linked to the form (router state `{ returnTo }`), when it is one of ours. */
export function returnToFrom(state: unknown): string | undefined {
  const r = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof r === 'string' && r.startsWith('/') && !r.startsWith('//') ? r : undefined;
}

/**
 * Where to go after saving an alert dated `date`. The list shows up to today unless told otherwise
 * (spec §9), so going back to it after saving a future alert widens "Hasta" to that date: the
 * administrator sees the alert they have just saved.
 */
export function afterSave(target: string, date: string): string {
  const url = new URL(target, 'http://x');
  if (url.pathname !== '/alerts') return target;
  const upTo = url.searchParams.get('upTo') ?? todayIso();
  if (date <= upTo) return target;
  url.searchParams.set('upTo', date);
  url.searchParams.delete('page');
  return url.pathname + url.search;
}
