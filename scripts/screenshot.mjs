// Takes screenshots of pages in Debian's Chromium, optionally logged in.
// usage: node scripts/screenshot.mjs <baseUrl> <outDir> [--mobile] [--login email:password] path[=name] ...
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const [base, out, ...rest] = process.argv.slice(2);
const mobile = rest.includes('--mobile');
const li = rest.indexOf('--login');
const login = li >= 0 ? rest[li + 1] : undefined;
const paths = rest.filter((a, i) => !a.startsWith('--') && (li < 0 || i !== li + 1));
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
});
const ctx = await browser.newContext(
  mobile
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
    : { viewport: { width: 1366, height: 850 } },
);
const page = await ctx.newPage();
if (login) {
  const [email, password] = login.split(':');
  const res = await page.request.post(`${base}/api/loggings/loggingIn`, { data: { email, password } });
  if (!res.ok()) throw new Error(`login failed ${res.status()}`);
}
for (const p of paths) {
  const [path, name] = p.split('=');
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600);
  const file = `${out}/${name ?? path.replace(/[^a-z0-9]+/gi, '_')}${mobile ? '-mobile' : ''}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
