// Debian's Chromium, as the journeys (e2e/playwright.config.ts), scripts/screenshot.mjs and
// scripts/bench-web.ts launch it. scripts/ensure-chromium.sh installs it when missing.

/** The Chromium binary: CHROMIUM_PATH, or Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launch flags common to every caller: no sandbox (containers, root), no GPU, and no background
 * traffic (updates, sync, first-run pages) to disturb tests or measurements.
 * @type {readonly string[]}
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
