/**
 * The bench's deep pages: every paged list of the API, on the bench's loaded database, at pages of
 * PAGE_SIZE rows. For each: page 1, the middle page, the last page and page 10,000 (past the end
 * unless the list holds 50,000 rows), DEEP_REQUESTS sequential requests each after DEEP_WARMUP, and
 * the worst of them against page 1 (issue 16: any page ≤ 2× the first).
 *
 * Any non-200 answer, or a page that does not hold what the total says it should, fails the bench.
 */
import { performance } from 'node:perf_hooks';
import { BenchFailure } from './throughput.ts';

const PAGE_SIZE = 5;
const FAR_PAGE = 10_000;
const DEEP_REQUESTS = 20;
const DEEP_WARMUP = 3;
export const TARGET_DEEP_RATIO = 2;

export interface ListToPage {
  name: string;
  /** The list's URL without page and pageSize. */
  url: string;
  headers: Record<string, string>;
}

export interface PageTiming {
  page: number;
  items: number;
  p50: number;
  p99: number;
}

export interface DeepPagesResult {
  name: string;
  total: number;
  pages: PageTiming[];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const withPage = (url: string, page: number) => `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=${PAGE_SIZE}`;

async function timePage(list: ListToPage, page: number, total: number): Promise<PageTiming> {
  const times: number[] = [];
  let items = 0;
  const expected = Math.max(0, Math.min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE));
  for (let i = 0; i < DEEP_WARMUP + DEEP_REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(withPage(list.url, page), { headers: list.headers });
    const body = (await res.json()) as { items: unknown[]; total: number };
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new BenchFailure(`${list.name}, page ${page}: ${res.status} ${JSON.stringify(body)}`);
    items = body.items.length;
    if (items !== expected || body.total !== total) {
      throw new BenchFailure(`${list.name}, page ${page}: ${items} items of ${body.total} (expected ${expected} of ${total})`);
    }
    if (i >= DEEP_WARMUP) times.push(ms);
  }
  return { page, items, p50: pct(times, 50), p99: pct(times, 99) };
}

export async function measureDeepPages(lists: ListToPage[], engine: string): Promise<DeepPagesResult[]> {
  const results: DeepPagesResult[] = [];
  for (const list of lists) {
    const first = await fetch(withPage(list.url, 1), { headers: list.headers });
    const body = (await first.json()) as { total: number };
    if (first.status !== 200) throw new BenchFailure(`${list.name}: ${first.status} ${JSON.stringify(body)}`);
    const total = body.total;
    const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const pages = [...new Set([1, Math.ceil(last / 2), last, FAR_PAGE])];
    const timings: PageTiming[] = [];
    for (const page of pages) timings.push(await timePage(list, page, total));
    results.push({ name: list.name, total, pages: timings });
    const worst = Math.max(...timings.map((t) => t.p50)) / timings[0]!.p50;
    console.log(`[${engine}] deep pages of ${list.name} (${total} rows): worst ${worst.toFixed(2)}× page 1`);
  }
  return results;
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

export function printDeepPages(engine: string, results: DeepPagesResult[]): void {
  console.log(
    `\nDeep pages, ${engine}: every list at pages of ${PAGE_SIZE}, p50 of ${DEEP_REQUESTS} sequential requests (ms); page ${FAR_PAGE.toLocaleString('en-US')} is past the end of a list under ${(FAR_PAGE * PAGE_SIZE).toLocaleString('en-US')} rows`,
  );
  console.log(`\n| list | rows | page 1 | middle page | last page | page ${FAR_PAGE.toLocaleString('en-US')} | worst / page 1 |`);
  console.log('|---|---|---|---|---|---|---|');
  let met = true;
  for (const r of results) {
    const first = r.pages[0]!;
    const at = (page: number) => r.pages.find((p) => p.page === page);
    const last = Math.max(1, Math.ceil(r.total / PAGE_SIZE));
    const cell = (page: number) => {
      const t = at(page);
      return t ? `${ms(t.p50)} (p. ${page.toLocaleString('en-US')})` : '';
    };
    const worst = Math.max(...r.pages.map((p) => p.p50)) / first.p50;
    if (worst > TARGET_DEEP_RATIO) met = false;
    console.log(
      `| ${r.name} | ${r.total.toLocaleString('en-US')} | ${ms(first.p50)} | ${cell(Math.ceil(last / 2))} | ${cell(last)} | ${ms(at(FAR_PAGE)!.p50)} | ${worst.toFixed(2)}× |`,
    );
  }
  console.log(`\nEvery page of every list ≤ ${TARGET_DEEP_RATIO}× its page 1 (p50): ${met ? 'met' : 'NOT met'}`);
}
