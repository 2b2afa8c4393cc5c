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
