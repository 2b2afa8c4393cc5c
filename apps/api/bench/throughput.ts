/**
 * The bench's throughput section (PostgreSQL only, run by bench.ts on its loaded database):
 *
 * - `GET /api/buildings/findBuilding?id=…` as an administrator (the `sid` cookie of a real sign-in) on
 *   the product server and on a raw reference server (reference-server.ts: the same session lookup
 *   and tenancy check, hand-written on Fastify + pg) sharing the database, with autocannon at 10 and
 *   at 50 connections: a warm-up, then BENCH_THROUGHPUT_SECONDS (default 10) of load, one server at
 *   a time. The load generator runs in a worker thread, beside the servers' main thread.
 *
 * Any non-2xx answer (or connection error) of either server fails the bench (BenchFailure), so a
 * broken cookie never yields a figure; missed targets are only reported.
 */
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { startReferenceServer } from './reference-server.ts';

/** A request that should have succeeded did not: the figures would be meaningless. */
export class BenchFailure extends Error {}

const CONNECTIONS = [10, 50];
const WARMUP_SECONDS = 2;
const LOAD_SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
if (!(LOAD_SECONDS >= 1)) throw new Error(`BENCH_THROUGHPUT_SECONDS must be at least 1: ${process.env.BENCH_THROUGHPUT_SECONDS}`);

/** Targets of issue 16 ("Server speed"). */
const TARGET_RPS_SHARE = 0.7;
const TARGET_P99_MS = 20;

type Server = 'product' | 'reference';

export interface LoadRun {
  connections: number;
  server: Server;
  /** Average requests per second (autocannon's per-second samples). */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

export interface ThroughputResult {
  seconds: number;
  buildingId: number;
  runs: LoadRun[];
}

export interface ThroughputOptions {
  /** The product server, already listening on the bench's database. */
  productBase: string;
  /** That same database, for the reference server. */
  databaseUrl: string;
  /** An administrator of every building of the bench. */
  email: string;
  password: string;
  /** One of their buildings. */
  buildingId: number;
}

/** Signs in through the product and returns the Cookie header its `sid` Set-Cookie asks for. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/loggings/loggingIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (res.status !== 200 || !sid) throw new BenchFailure(`sign-in for the throughput bench failed: ${res.status}, no sid cookie`);
  return sid.split(';')[0]!;
}

async function getJson(url: string, cookie?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the message
  }
  return { status: res.status, body };
}

/** Both servers answer the same building to the cookie, and refuse a request without it or for an unknown building. */
async function checkSameAnswers(bases: Record<Server, string>, path: string, cookie: string): Promise<void> {
  const [product, reference] = await Promise.all([
    getJson(`${bases.product}${path}`, cookie),
    getJson(`${bases.reference}${path}`, cookie),
  ]);
  if (product.status !== 200 || reference.status !== 200) {
    throw new BenchFailure(`${path}: product ${product.status}, reference ${reference.status} (expected 200 from both)`);
  }
  if (!isDeepStrictEqual(product.body, reference.body)) {
    throw new BenchFailure(`${path}: the servers answer differently: ${JSON.stringify(product.body)} vs ${JSON.stringify(reference.body)}`);
  }
  const unknownBuilding = path.replace(/id=\d+/, `id=${2 ** 31 - 1}`);
  for (const [server, base] of Object.entries(bases)) {
    const anonymous = await getJson(`${base}${path}`);
    const elsewhere = await getJson(`${base}${unknownBuilding}`, cookie);
    if (anonymous.status !== 401 || elsewhere.status !== 404) {
      throw new BenchFailure(
        `${server}: without the cookie ${anonymous.status} (expected 401), unknown building ${elsewhere.status} (expected 404)`,
      );
    }
  }
}

async function load(server: Server, url: string, cookie: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { cookie }, workers: 1 });
  const failed = result.non2xx + result.errors;
  if (failed > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    throw new BenchFailure(
      `${server} at ${connections} connections: ${result.non2xx} non-2xx answers, ${result.errors} connection errors (${result.timeouts} timeouts) [${codes}]`,
    );
  }
  return result;
}

export async function measureThroughput(opts: ThroughputOptions): Promise<ThroughputResult> {
  const cookie = await signIn(opts.productBase, opts.email, opts.password);
  const reference = await startReferenceServer(opts.databaseUrl);
  try {
    const bases: Record<Server, string> = { product: opts.productBase, reference: reference.base };
    const path = `/api/buildings/findBuilding?id=${opts.buildingId}`;
    await checkSameAnswers(bases, path, cookie);

    const runs: LoadRun[] = [];
    for (const connections of CONNECTIONS) {
      for (const server of ['product', 'reference'] as const) {
        const url = `${bases[server]}${path}`;
        await load(server, url, cookie, connections, WARMUP_SECONDS);
        const r = await load(server, url, cookie, connections, LOAD_SECONDS);
        runs.push({ connections, server, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total });
        console.log(`[postgres] findBuilding, ${server}, ${connections} connections: ${Math.round(r.requests.average)} requests/s`);
      }
    }
    return { seconds: LOAD_SECONDS, buildingId: opts.buildingId, runs };
  } finally {
    await reference.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function printThroughput(r: ThroughputResult): void {
  console.log(
    `\nThroughput, PostgreSQL: GET /api/buildings/findBuilding?id=${r.buildingId} as an administrator (sid cookie), ${r.seconds} s per row after a ${WARMUP_SECONDS} s warm-up; reference = raw Fastify + pg with the same session lookup and tenancy check`,
  );
  console.log('\n| connections | server | requests/s | p50 (ms) | p99 (ms) | product/reference requests/s |');
  console.log('|---|---|---|---|---|---|');
  const find = (connections: number, server: Server) => r.runs.find((x) => x.connections === connections && x.server === server)!;
  for (const connections of CONNECTIONS) {
    const share = find(connections, 'product').rps / find(connections, 'reference').rps;
    for (const server of ['product', 'reference'] as const) {
      const x = find(connections, server);
      const ratio = server === 'product' ? `${(share * 100).toFixed(0)}%` : '';
      console.log(`| ${connections} | ${server} | ${Math.round(x.rps)} | ${x.p50.toFixed(0)} | ${x.p99.toFixed(0)} | ${ratio} |`);
    }
  }

  const at50 = { product: find(50, 'product'), reference: find(50, 'reference') };
  const share = at50.product.rps / at50.reference.rps;
  console.log('\nThroughput targets (issue 16):');
  console.log(
    `- product requests/s ≥ ${TARGET_RPS_SHARE * 100}% of the reference at 50 connections: ${(share * 100).toFixed(0)}%, ${verdict(share >= TARGET_RPS_SHARE)}`,
  );
  console.log(
    `- product p99 ≤ ${TARGET_P99_MS} ms at 50 connections: ${at50.product.p99.toFixed(0)} ms, ${verdict(at50.product.p99 <= TARGET_P99_MS)}`,
  );
}
