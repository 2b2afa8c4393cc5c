import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** What every paged list answers (API.md: `{ items, total }`). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The rows a list reads for one page: `limit` of them after `offset`, in the list's order or reversed. */
export interface Window {
  offset: number;
  limit: number;
  /** Read from the end of the list: the order reversed, `offset` counted from the last row. */
  reversed: boolean;
}

/** A list's order: each key with its direction, so it can also be read from the end. */
export type Order = ReadonlyArray<readonly [SQLWrapper, 'asc' | 'desc']>;

/** The ORDER BY of `order`, or of its exact reverse (PostgreSQL's default NULLS placement flips with the direction). */
export function orderBy(order: Order, reversed = false): SQL[] {
  return order.map(([key, dir]) => ((dir === 'asc') !== reversed ? sql`${key} asc` : sql`${key} desc`));
}

/**
 * Pages within `nearRows` rows of the start are read beside the count, as the first page is: passing over them
 * costs little. Tests lower it, so small lists are read the way deep pages of long ones are.
 */
export const paging = { nearRows: 1_000 };

/**
 * One page of a list and the count of every match, at a cost that does not grow with the page:
 * - the first page, and any within `paging.nearRows` rows of the start: the page and the count at once;
 * - a deeper page: the count first (the answer needs it anyway); a page past the end reads no rows;
 *   a page in the second half is read from the end, in the reverse order, so no page passes over more
 *   than half the matches: at most what the count itself reads.
 */
export async function pageOf<T>(
  q: { page: number; pageSize: number },
  count: () => Promise<number>,
  rows: (w: Window) => Promise<T[]>,
): Promise<Page<T>> {
  const offset = (q.page - 1) * q.pageSize;
  if (offset < paging.nearRows) {
    const [items, total] = await Promise.all([rows({ offset, limit: q.pageSize, reversed: false }), count()]);
    return { items, total };
  }
  const total = await count();
  return { items: await pageWithin(total, offset, q.pageSize, rows), total };
}

/** The rows from `offset` (at most `pageSize`) of a list of `total` rows, read from the nearer end. */
export async function pageWithin<T>(total: number, offset: number, pageSize: number, rows: (w: Window) => Promise<T[]>): Promise<T[]> {
  if (offset >= total) return [];
  const limit = Math.min(pageSize, total - offset);
  // Rows before the page against rows after it: the nearer end is read.
  if (offset <= total - offset - limit) return rows({ offset, limit, reversed: false });
  const fromEnd = await rows({ offset: total - offset - limit, limit, reversed: true });
  return fromEnd.reverse();
}
