import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.ts';

const fails = (env: Record<string, string>, variable: string) =>
  assert.throws(
    () => loadConfig(env),
    (e: unknown) => e instanceof ConfigError && e.message.startsWith(`Invalid configuration: ${variable}:`) && !e.message.includes('\n'),
  );

describe('configuration', () => {
  test('defaults follow API.md', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.secureCookies, false);
    assert.equal(c.trustProxyHops, 0);
    assert.equal(c.geocoderUrl, 'https://nominatim.openstreetmap.org');
    assert.equal(c.tileUrl, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  test('each bad value names its variable in one line', () => {
    fails({ PORT: '70000' }, 'PORT');
    fails({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL');
    fails({ TRUST_PROXY: 'true' }, 'TRUST_PROXY');
    fails({ TILE_URL: 'tiles.example.com' }, 'TILE_URL');
    fails({ GEOCODER_URL: 'nominatim' }, 'GEOCODER_URL');
    fails({ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL');
    fails({ DEMO: 'yes' }, 'DEMO');
    // Without the secret no MercadoPago notification could be verified.
    fails({ MP_ACCESS_TOKEN: 'APP_USR-123' }, 'MP_WEBHOOK_SECRET');
    assert.equal(loadConfig({ MP_ACCESS_TOKEN: 'APP_USR-123', MP_WEBHOOK_SECRET: 's' }).mpAccessToken, 'APP_USR-123');
  });

  test('TRUST_PROXY is a hop count, GEOCODER_URL=off turns address search off, https PUBLIC_URL makes cookies Secure', () => {
    const c = loadConfig({ TRUST_PROXY: '1', GEOCODER_URL: 'off', PUBLIC_URL: 'https://consorcio.example.com/' });
    assert.equal(c.trustProxyHops, 1);
    assert.equal(c.geocoderUrl, null);
    assert.equal(c.publicUrl, 'https://consorcio.example.com');
    assert.equal(c.secureCookies, true);
  });
});
