import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/** Impacts that fail a journey (axe's scale: minor, moderate, serious, critical). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules switched off everywhere, each with the reason it is a false positive here. Empty on purpose:
 * a real violation is fixed in the app, never silenced in this list.
 */
const DISABLED_RULES: string[] = [];

export type Finding = { rule: string; impact: string; help: string; helpUrl: string; target: string; html: string; summary: string };

/** The screen a URL shows: its path, lower-cased, with numeric ids as `:id` (query and hash left out). */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname;
  }
  return (
    path
      .toLowerCase()
      .replace(/\/\d+(?=\/|$)/g, '/:id')
      .replace(/\/+$/, '') || '/'
  );
}

/** The product under test (playwright.config.ts serves it here). */
const APP_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210)}`;

/** Consecutive still frames that count as settled. */
const STILL_FRAMES = 5;

/**
 * Waits until the page is still: web fonts loaded, then STILL_FRAMES animation frames in a row with no change to
 * the DOM and no finite animation or transition running. A screen just navigated to is still rendering, and MUI
 * fades dialogs, backdrops and the landing's hero in after mount: text caught half-transparent would be judged on
 * a colour it never keeps. Counted in frames, not milliseconds; endless animations (spinners) are ignored.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(
    (needed) =>
      new Promise<void>((resolve) => {
        let changed = false;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const animating = () =>
          document
            .getAnimations()
            .some((a) => (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().iterations !== Infinity);
        let still = 0;
        const frame = () => {
          still = changed || animating() ? 0 : still + 1;
          changed = false;
          if (still >= needed) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    STILL_FRAMES,
  );
}

function describe(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `  • [${f.impact}] ${f.rule}: ${f.help}\n      target: ${f.target}\n      html:   ${f.html}\n      why:    ${f.summary}\n      see:    ${f.helpUrl}`,
    )
    .join('\n');
}

/** Scans of one screen at most: each again only because the page changed while axe was reading it. */
const MAX_SCANS = 3;

/** Starts recording, on the page, whether its DOM changes from now on (read by changedSinceWatch). */
async function watchChanges(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __a11yWatch?: { changed: boolean; observer: MutationObserver } };
    w.__a11yWatch?.observer.disconnect();
    const watch = { changed: false, observer: new MutationObserver(() => (watch.changed = true)) };
    watch.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__a11yWatch = watch;
  });
}

/** Whether the DOM changed since watchChanges, or a finite animation is running now (a navigation counts as a change). */
async function changedSinceWatch(page: Page): Promise<boolean> {
  return page
    .evaluate(() => {
      const w = window as unknown as { __a11yWatch?: { changed: boolean; observer: MutationObserver } };
      const watch = w.__a11yWatch;
      if (!watch) return true;
      watch.observer.disconnect();
      delete w.__a11yWatch;
      const animating = document
        .getAnimations()
        .some((a) => (a.playState === 'running' || a.pending) && a.effect?.getComputedTiming().iterations !== Infinity);
      return watch.changed || animating;
    })
    .catch(() => true);
}

/**
 * axe's serious and critical findings on the page as it is now, once it has settled; the scan counts for the
 * audit. A page can be still and yet not done: a screen whose code is still downloading shows only a spinner, then
 * mounts and fades its content in while axe reads it, and text caught mid-fade is judged on a colour it never
 * keeps. So a scan during which the page changed is thrown away and the page scanned again once it is still.
 */
export async function seriousA11yViolations(page: Page): Promise<Finding[]> {
  let results: Awaited<ReturnType<AxeBuilder['analyze']>> | undefined;
  for (let scan = 1; scan <= MAX_SCANS; scan++) {
    await settle(page);
    await watchChanges(page);
    results = await new AxeBuilder({ page })
      .disableRules(DISABLED_RULES)
      .options({ resultTypes: ['violations'] }) // only violations are read: axe skips detailing the rest
      .analyze();
    if (!(await changedSinceWatch(page))) break;
    // Still changing after MAX_SCANS scans: the last scan's findings stand, a screen that never settles is a finding too.
  }
  if (!results) throw new Error('unreachable: no scan ran');
  audits.get(page)?.scanned(routeOf(page.url()));
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: n.impact ?? v.impact ?? '',
        help: v.help,
        helpUrl: v.helpUrl,
        target: n.target.map(String).join(' >>> '),
        html: n.html.replace(/\s+/g, ' ').slice(0, 300),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    );
}

/**
 * Runs axe on the page as it is now and fails the test (softly: the journey goes on, so one run lists every
 * screen at fault) on any violation of impact serious or critical, naming rule, impact, help, target and markup.
 * With AXE_FINDINGS_JSONL=<file> every serious or critical finding is also appended there, one JSON a line.
 */
export async function expectNoSeriousA11yViolations(page: Page, label?: string): Promise<void> {
  const url = page.url();
  const route = routeOf(url);
  await test.step(`accessibility scan: ${label ?? route}`, async () => {
    const findings = await seriousA11yViolations(page);
    const sink = process.env.AXE_FINDINGS_JSONL;
    if (sink) {
      const title = test.info().titlePath.slice(1).join(' › ');
      for (const f of findings) appendFileSync(sink, JSON.stringify({ url, route, label, test: title, ...f }) + '\n');
    }
    expect
      .soft(
        findings.length,
        `${findings.length} serious/critical accessibility violation(s) on ${label ?? route} (${url}):\n${describe(findings)}\n`,
      )
      .toBe(0);
  });
}

const audits = new WeakMap<Page, A11yAudit>();

/**
 * One test's accessibility audit. It follows every page of the contexts it watches: which screens each page
 * stood on (history entries as the page left them, so a redirect's source does not count) and which screens were
 * scanned. At the end of a passing test it scans each open page's last screen if that screen was not scanned yet,
 * and fails if the journey stood on a screen it never scanned: new journeys cannot skip the scan.
 */
export class A11yAudit {
  private readonly entries = new Map<Page, string[]>();
  private readonly scannedRoutes = new Set<string>();
  private readonly contexts: BrowserContext[] = [];

  async watch(context: BrowserContext): Promise<void> {
    this.contexts.push(context);
    for (const page of context.pages()) audits.set(page, this);
    context.on('page', (page) => audits.set(page, this));
    await context.exposeBinding('__a11yStop', ({ page }, kind: string, url: string) => this.stop(page, kind, url));
    await context.addInitScript(() => {
      if (window.top !== window || !/^https?:$/.test(location.protocol)) return;
      const stop = (kind: string) => {
        const report = (window as unknown as { __a11yStop?: (k: string, u: string) => Promise<void> }).__a11yStop;
        void report?.(kind, location.href).catch(() => undefined);
      };
      stop('load');
      const original = { push: history.pushState, replace: history.replaceState };
      history.pushState = function (...args: Parameters<History['pushState']>) {
        original.push.apply(this, args);
        stop('push');
      };
      history.replaceState = function (...args: Parameters<History['replaceState']>) {
        original.replace.apply(this, args);
        stop('replace');
      };
    });
  }

  scanned(route: string): void {
    this.scannedRoutes.add(route);
  }

  private stop(page: Page, kind: string, url: string): void {
    audits.set(page, this);
    // Another site's page (the stand-in identity provider's login form) is not ours to audit.
    if (new URL(url).origin !== APP_ORIGIN) return;
    const list = this.entries.get(page) ?? [];
    this.entries.set(page, list);
    if (kind === 'replace' && list.length > 0) list[list.length - 1] = url;
    else list.push(url);
  }

  /** Scans the last screen of the given open pages when no scan covered it yet. */
  async scanLastScreens(pages: Page[]): Promise<void> {
    for (const page of pages) {
      if (page.isClosed() || !/^https?:/.test(page.url())) continue;
      // A round trip, so that the page's last history reports have arrived.
      await page.evaluate(() => 0);
      if (!this.scannedRoutes.has(routeOf(page.url()))) await expectNoSeriousA11yViolations(page, `${routeOf(page.url())} (last screen)`);
    }
  }

  /** End of a passing test: last screens scanned, then every screen stood on must have been scanned. */
  async finish(): Promise<void> {
    await this.scanLastScreens(this.contexts.flatMap((c) => c.pages()));
    const stoodOn = new Set([...this.entries.values()].flat().map(routeOf));
    const missed = [...stoodOn].filter((r) => !this.scannedRoutes.has(r)).sort();
    if (missed.length > 0) {
      throw new Error(
        `The journey stood on ${missed.join(', ')} without an accessibility scan there. ` +
          'Call expectNoSeriousA11yViolations(page) once each of those screens shows what the journey checks.',
      );
    }
  }
}
