/**
 * npm run bench:web: Lighthouse 12 in its default mobile mode (simulated slow 4G, 4× CPU slowdown),
 * performance only, on the built app served by the real server with a fresh demo database. Each page
 * is measured --runs times (default 3), each run in a fresh Chromium (no cache carried over), and the
 * run with the median performance score is reported, with the targets of issue 15. A bench, not a
 * test: it exits 0 whether the targets are met or not.
 *
 * Options: --runs N, --only <substring of a page name or path>, --no-build, --reports <dir> (writes each
 * run's Lighthouse JSON there, to see what shifts or what blocks). CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// chrome-launcher does not default to headless, unlike Playwright: the flag stays local to the bench.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const ADMIN = { email: 'admin@consorcio.com.ar', password: 'Admin1234' };
const RESIDENT = { email: 'ana.gomez@demo.com.ar', password: 'Vecino1234' };

type Role = 'landing' | 'resident' | 'admin';
interface Page {
  name: string;
  path: string;
  role: Role;
}
interface Target {
  score: number;
  jsKb?: number;
}
/** Issue 15's targets, medians of the bench; CLS ≤ 0.05 on every page. */
const TARGETS: Record<Role, Target> = {
  landing: { score: 95, jsKb: 60 },
  resident: { score: 90 },
  admin: { score: 85, jsKb: 170 },
};
const MAX_CLS = 0.05;

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  /** Where the page ended up, when not where it was asked to go (a lost session lands on /logging). */
  redirectedTo?: string;
}

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs must be a positive integer');
  process.exit(2);
}

let server: ChildProcess | undefined;
/** The Chromium being launched or in use; a launch still under way is awaited before stopping. */
let chrome: Promise<chromeLauncher.LaunchedChrome> | undefined;
let stopping = false;
let dataDir: string | undefined;
let lighthouseVersion = '';
/** Lighthouse's measure of this machine's speed, per run: a loaded machine scores low here and on the pages. */
const benchmarkIndexes: number[] = [];

/** Stops what we started (the server gets to close its database first); safe to call twice. */
async function cleanUp(): Promise<void> {
  stopping = true;
  const browser = chrome;
  chrome = undefined;
  await browser?.then(
    (c) => c.kill(),
    () => undefined,
  );
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// chrome-launcher reports a Chromium that cannot be spawned as an unhandled 'error' event.
process.once('uncaughtException', (err) => {
  console.error(err.message);
  void cleanUp().finally(() => process.exit(1));
});
// Last resort: never leave the server running behind us.
process.once('exit', () => server?.kill('SIGTERM'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<string> {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      GEOCODER_URL: 'off',
      // Nothing listens on port 9: the map shows without tiles and no internet is tried.
      TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      DATABASE_URL: '',
      SMTP_URL: '',
      MP_ACCESS_TOKEN: '',
      MP_WEBHOOK_SECRET: '',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server = child;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}): ${stderr.trim()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

/** Logs in through the API and returns the `sid` cookie as a Cookie header value. */
async function logIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/loggings/loggingIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login of ${who.email} failed: ${res.status} ${await res.text()}`);
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`login of ${who.email} set no sid cookie`);
  return sid;
}

async function getJson<T>(base: string, url: string, cookie: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function findPages(base: string, cookies: Record<Role, string>): Promise<Page[]> {
  const buildings = await getJson<{ items: { id: number; name: string }[] }>(base, '/api/buildings/all', cookies.admin);
  const building = buildings.items[0];
  if (!building) throw new Error('the demo administrator has no buildings');
  const me = await getJson<{ id: number; apartment?: { number_apartment: string }; building?: { name: string } }>(
    base,
    '/api/loggings/session',
    cookies.resident,
  );
  if (!me.apartment || !me.building) throw new Error('the demo resident has no apartment');
  const expenses = `/public/expenses/${encodeURIComponent(me.apartment.number_apartment)}/${encodeURIComponent(me.building.name)}`;
  return [
    { name: 'landing', path: '/logging', role: 'landing' },
    { name: 'admin home', path: '/', role: 'admin' },
    { name: 'building detail', path: `/buildingDetail/${building.id}`, role: 'admin' },
    { name: 'spendings board', path: '/spendings/board', role: 'admin' },
    { name: 'expenses table', path: '/ExpensesTable', role: 'admin' },
    { name: 'alerts', path: '/alerts', role: 'admin' },
    { name: 'resident home', path: `/public/${me.id}`, role: 'resident' },
    { name: 'bookings', path: `/public/${me.id}/Bookings`, role: 'resident' },
    { name: 'my expenses', path: expenses, role: 'resident' },
    { name: 'my complaints', path: `/public/${me.id}/complaints`, role: 'resident' },
  ];
}

/** One Lighthouse run in a Chromium of its own, so no cache or storage carries over. */
async function measure(url: string, cookie: string): Promise<Run> {
  if (stopping) throw new Error('stopped');
  const launching = chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    // Ctrl-C is ours: we also stop the server and remove its database.
    handleSIGINT: false,
  });
  chrome = launching;
  const launched = await launching;
  try {
    const result = await lighthouse(url, {
      port: launched.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : null,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (opts.reports) {
      fs.mkdirSync(opts.reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(opts.reports, name), JSON.stringify(lhr));
    }
    lighthouseVersion = lhr.lighthouseVersion;
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const summary = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsBytes: summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? NaN,
      redirectedTo: samePath(url, lhr.finalDisplayedUrl) ? undefined : new URL(lhr.finalDisplayedUrl).pathname,
    };
  } finally {
    launched.kill();
    if (chrome === launching) chrome = undefined;
  }
}

const samePath = (a: string, b: string) =>
  decodeURIComponent(new URL(a).pathname).toLowerCase() === decodeURIComponent(new URL(b).pathname).toLowerCase();

/** The run with the median performance score (the lower middle one for an even count). */
function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

function row(page: Page, run: Run, all: Run[]): string {
  const target = TARGETS[page.role];
  const jsKb = run.jsBytes / 1024;
  const misses: string[] = [];
  if (!(run.score >= target.score)) misses.push(`score < ${target.score}`);
  if (target.jsKb !== undefined && !(jsKb <= target.jsKb)) misses.push(`JS > ${target.jsKb} KB`);
  if (!(run.cls <= MAX_CLS)) misses.push(`CLS > ${MAX_CLS}`);
  if (run.redirectedTo) misses.push(`ended at ${run.redirectedTo}`);
  const scores = all.length > 1 ? ` (${all.map((r) => r.score).join(', ')})` : '';
  return [
    `${page.name} \`${page.path}\``,
    `${run.score}${scores}`,
    `${(run.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(run.tbtMs)} ms`,
    run.cls.toFixed(3),
    jsKb.toFixed(0),
    misses.length ? `${mark(false)} ${misses.join(', ')}` : mark(true),
  ].join(' | ');
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (!opts['no-build']) {
    // The build's output goes to stderr, so that stdout is the Markdown table alone.
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  }
  const base = await startServer();
  const cookies: Record<Role, string> = {
    landing: '',
    admin: await logIn(base, ADMIN),
    resident: await logIn(base, RESIDENT),
  };
  const pages = (await findPages(base, cookies)).filter(
    (p) => !opts.only || `${p.name} ${p.path}`.toLowerCase().includes(opts.only.toLowerCase()),
  );
  if (pages.length === 0) throw new Error(`no page matches --only ${opts.only}`);

  const rows: string[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    let failure = '';
    for (let i = 0; i < RUNS; i++) {
      try {
        const run = await measure(base + page.path, cookies[page.role]);
        console.error(`${page.name} run ${i + 1}/${RUNS}: score ${run.score}`);
        runs.push(run);
      } catch (err) {
        // One failed run (a Chromium that did not start, a trace Lighthouse could not read) spoils no other page.
        if (stopping) throw err;
        failure = err instanceof Error ? err.message : String(err);
        console.error(`${page.name} run ${i + 1}/${RUNS} failed: ${failure}`);
      }
    }
    rows.push(
      runs.length ? row(page, median(runs), runs) : `${page.name} \`${page.path}\` | – | – | – | – | – | ${mark(false)} ${failure}`,
    );
  }

  const machine = [...benchmarkIndexes].sort((a, b) => a - b)[Math.floor(benchmarkIndexes.length / 2)] ?? NaN;
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile (simulated slow 4G, 4× CPU), median of ${RUNS} run(s) by performance score ` +
      `(each run's score in parentheses); this machine's benchmarkIndex: ${Math.round(machine)}\n`,
  );
  console.log('| page | score | LCP | TBT | CLS | JS KB | targets |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r} |`);
  console.log(
    `\nTargets: landing ≥ ${TARGETS.landing.score} and ≤ ${TARGETS.landing.jsKb} KB JS; resident pages ≥ ${TARGETS.resident.score}; ` +
      `admin pages ≥ ${TARGETS.admin.score} and ≤ ${TARGETS.admin.jsKb} KB JS; CLS ≤ ${MAX_CLS} everywhere. ` +
      'JS KB: compressed bytes of scripts transferred while the page loads.',
  );
}

try {
  await main();
} catch (err) {
  if (!stopping) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
