import { A11yAudit, expect, expectNoSeriousA11yViolations, seriousA11yViolations, test } from '../support/test';

// The audit itself (support/a11y.ts): a scan that found nothing because it looked at nothing, or a coverage
// check that never fires, would let every journey pass. These prove both can fail.

test('a scan reports a serious violation on the screen, with its rule and markup', async ({ page }) => {
  await page.goto('/registerAdmin');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up form');
  // A list whose item is not a list item (axe `list`, serious), added outside the app's root.
  await page.evaluate(() => {
    const list = document.createElement('ul');
    list.id = 'planted';
    list.appendChild(document.createElement('div')).textContent = 'no soy un ítem';
    document.body.appendChild(list);
  });
  const findings = await seriousA11yViolations(page);
  expect(findings.map((f) => [f.rule, f.impact, f.target])).toEqual([['list', 'serious', '#planted']]);
  await page.evaluate(() => document.getElementById('planted')?.remove());
});

test('a journey that stands on a screen without scanning it is refused, naming the screen', async ({ browser }) => {
  const audit = new A11yAudit();
  const context = await browser.newContext();
  await audit.watch(context);
  const page = await context.newPage();
  await page.goto('/registerAdmin');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
  // A redirect's source does not count: /buildings without a session is replaced by /logging.
  await page.goto('/buildings');
  await expect(page).toHaveURL(/\/logging$/);
  await expectNoSeriousA11yViolations(page, 'landing page');
  await expect(audit.finish()).rejects.toThrow(/^The journey stood on \/registeradmin without an accessibility scan there/);
  await context.close();
});

test('a scan during which the screen changed is thrown away, and the screen scanned again once still', async ({ page }) => {
  await page.goto('/registerAdmin');
  await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
  // Text caught mid-fade (30% opacity: grey on white far below 4.5:1) while axe reads the screen, fully shown as
  // soon as that first reading ends: what a screen whose code arrives during the scan looks like.
  await page.evaluate(() => {
    const fading = document.body.appendChild(document.createElement('p'));
    fading.id = 'fading';
    fading.textContent = 'Resumen de noviembre';
    fading.style.cssText = 'color:#595959;opacity:0.3';
    const w = window as unknown as { __fadedIn?: boolean };
    // axe's runPartial (what AxeBuilder calls on the page to read it), wrapped the first time it is looked up.
    type Axe = { runPartial: (...args: unknown[]) => Promise<unknown>; __wrapped?: boolean };
    let axe: Axe | undefined;
    Object.defineProperty(window, 'axe', {
      configurable: true,
      set: (value: Axe) => (axe = value),
      get() {
        if (axe?.runPartial && !axe.__wrapped) {
          const runPartial = axe.runPartial.bind(axe);
          axe.__wrapped = true;
          axe.runPartial = async (...args) => {
            const partial = await runPartial(...args);
            if (!w.__fadedIn) {
              w.__fadedIn = true;
              fading.style.opacity = '1';
            }
            return partial;
          };
        }
        return axe;
      },
    });
  });
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __fadedIn?: boolean }).__fadedIn)).toBe(true);
  await page.evaluate(() => document.getElementById('fading')?.remove());
});
