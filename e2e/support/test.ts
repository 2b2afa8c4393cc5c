import { test as base, type Page } from '@playwright/test';
import { A11yAudit } from './a11y';

export { expect, type APIRequestContext, type Page } from '@playwright/test';
export { A11yAudit, expectNoSeriousA11yViolations, seriousA11yViolations } from './a11y';

/**
 * Playwright's `test` with an accessibility audit on every journey (support/a11y.ts): every page of the test's
 * context, and `otherPage`, is followed; a screen it stands on must be scanned, and the last one is scanned by itself.
 */
export const test = base.extend<{ a11y: A11yAudit; otherPage: Page }>({
  a11y: [
    async ({ context }, use, testInfo) => {
      const audit = new A11yAudit();
      await audit.watch(context);
      await use(audit);
      // A failed journey has its own error to show; the audit would only add noise.
      if (testInfo.status === 'passed') await audit.finish();
    },
    { auto: true },
  ],
  /** A page in a browser of its own (another person, another session), audited like `page`. */
  otherPage: async ({ browser, a11y }, use, testInfo) => {
    const context = await browser.newContext();
    await a11y.watch(context);
    await use(await context.newPage());
    if (testInfo.status === 'passed') await a11y.scanLastScreens(context.pages());
    await context.close();
  },
});
