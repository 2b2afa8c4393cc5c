import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { GEOCODER_PORT } from './support/geocoder';
import { OIDC_CLIENT, OIDC_ISSUER, OIDC_PORT } from './support/oidc';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = `.tmp/data-${port}`;
// The mailbox stand-in (support/mailbox-server.ts): SMTP for the product, HTTP for the journeys.
const smtpPort = port + 1000;
const mailboxHttpPort = port + 3000;
// A Nominatim-compatible stand-in (support/geocoder-server.ts).
const geocoderPort = GEOCODER_PORT;

export default defineConfig({
  testDir: './tests',
  // A ceiling for a hung journey, not a speed target: journeys wait for conditions, never for time.
  // Two CPU hogs beside two workers on two cores make a long journey take twice its quiet time.
  timeout: 180_000,
  // Also a ceiling, not a target: a CI run caught the app's code taking 10 s from a click to its first render, with
  // the renderer painting a frame every 2 s beside the hogs (the login dialog's form never had a chance to show).
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  // No retries: a test that passes only sometimes is a failing test, not a hidden one.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `.tmp/results-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Cordoba',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1366, height: 850 } } }],
  webServer: [
    {
      command: `node --import tsx support/mailbox-server.ts ${smtpPort} ${mailboxHttpPort}`,
      url: `http://127.0.0.1:${mailboxHttpPort}/messages`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx support/geocoder-server.ts ${geocoderPort}`,
      url: `http://127.0.0.1:${geocoderPort}/queries`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: `node --import tsx support/oidc-server.ts ${OIDC_PORT} ${port}`,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh embedded database with the demo data, served by the real server and built web app.
      command: `rm -rf ${dataDir} && DATA_DIR=${dataDir} DEMO=1 PORT=${port} PUBLIC_URL=http://127.0.0.1:${port} LOG_LEVEL=warn SMTP_URL=smtp://127.0.0.1:${smtpPort} TILE_URL=http://127.0.0.1:9/{z}/{x}/{y}.png GEOCODER_URL=http://127.0.0.1:${geocoderPort} OIDC_ISSUER=${OIDC_ISSUER} OIDC_CLIENT_ID=${OIDC_CLIENT.id} OIDC_CLIENT_SECRET=${OIDC_CLIENT.secret} node --import tsx ../apps/api/src/server.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
