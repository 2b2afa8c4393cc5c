import { useSearchParams } from 'react-router';

type FilterValue = string | number | undefined;

/**
 * A list's filters and page kept in the URL, so a reload, a shared link or going back shows the
 * same list. Changing a filter goes back to the first page; empty values ('', 0) leave the URL.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();

  const setFilters = (changes: Record<string, FilterValue>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '' || v === 0) next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    /** A text filter, or `fallback` when absent. */
    text: (key: string, fallback = '') => params.get(key) ?? fallback,
    /** An id filter; undefined when absent or not a number. */
    id: (key: string) => Number(params.get(key)) || undefined,
    /** The page shown, 0-based (the URL's `page` is 1-based). */
    page: Math.max(0, (Number(params.get('page')) || 1) - 1),
    setFilters,
    setPage: (page: number) => setFilters({ page: page + 1 }),
    /** Every filter off, first page. */
    clear: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
