import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './test/harness.ts';
import { buildAdmin } from './seed/factories.ts';

describe('platform', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  test('health reports the database', async () => {
    const res = await t.client().get('/api/health');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok', db: 'ok' });
  });

  test('health answers 503 when the database is down', async () => {
    const s = await startTestServer();
    await s.database.close();
    try {
      const res = await s.client().get('/api/health');
      assert.equal(res.status, 503);
      assert.equal(res.body.db, 'down');
    } finally {
      await s.app.close();
    }
  });

  test('OpenAPI is published and lists the session calls', async () => {
    const res = await t.client().get('/api/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.0.3');
    assert.ok(res.body.paths['/api/loggings/loggingIn']);
    const docs = await t.client().get('/api/docs/');
    assert.equal(docs.status, 200);
    assert.match(docs.text, /swagger/i);
  });

  test('unknown API paths answer the JSON error format; trailing slashes are ignored', async () => {
    const res = await t.client().get('/api/nada');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { error: { code: 'NOT_FOUND', message: 'No se encontró lo que busca' } });
    assert.equal((await t.client().get('/api/health/')).status, 200);
  });

  test('responses carry security headers and are compressed', async () => {
    const res = await fetch(`${t.baseUrl}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none';frame-ancestors 'none'");
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'same-origin');
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    // An API answer is no page: the headers only a page uses, and the obsolete ones, are not sent.
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-frame-options', 'x-xss-protection', 'x-download-options'])
      assert.equal(res.headers.get(name), null, name);

    // A page (here the web app's 404 without a build, and the API's docs page) gets the full set.
    for (const path of ['/buildings', '/api/docs/']) {
      const page = await fetch(`${t.baseUrl}${path}`);
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors 'none'|default-src 'self'/, path);
      assert.equal(page.headers.get('x-content-type-options'), 'nosniff', path);
    }
    const page = await fetch(`${t.baseUrl}/buildings`);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'.*frame-ancestors 'none'/);
    assert.equal(page.headers.get('cross-origin-opener-policy'), 'same-origin');
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.equal(page.headers.get('strict-transport-security'), null); // plain HTTP here (SECURE_COOKIES off)
  });

  test('malformed JSON is a 400 in the error format, without internals', async () => {
    const res = await fetch(`${t.baseUrl}/api/loggings/loggingIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'VALIDATION');
    assert.doesNotMatch(JSON.stringify(body), /stack|at .*\.ts|SyntaxError/);
  });
  test('a JSON body over 1 MB is 413 with a message about the request, not a file', async () => {
    const res = await t.client().post('/api/loggings/loggingIn', { email: 'x@example.com', password: 'x'.repeat(1024 * 1024) });
    assert.equal(res.status, 413);
    assert.deepEqual(res.body, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande' } });
  });

  test('a failing handler answers INTERNAL with no stack trace or SQL in the body', async () => {
    const s = await startTestServer();
    try {
      const admin = await buildAdmin(s.database.db);
      const c = s.client();
      await c.login(admin.email, admin.password);
      await s.database.db.execute(sql`alter table sessions rename to sessions_gone`);
      const res = await c.get('/api/loggings/session');
      assert.equal(res.status, 500);
      assert.deepEqual(res.body, { error: { code: 'INTERNAL', message: 'Ocurrió un error inesperado. Intente de nuevo más tarde' } });
      assert.doesNotMatch(res.text, /sessions|select|relation|stack|\.ts/i);
    } finally {
      await s.close();
    }
  });

  test('request logs keep the path but never the query string (a reset link carries its token there)', async () => {
    const s = await startTestServer({ captureLogs: true });
    try {
      const secret = 'SeCrEtToKeN1234567890abcdef';
      await s.client().get(`/logging/restaurarcontrase%C3%B1a?${secret}`);
      await s.client().get(`/api/health?token=${secret}`);
      const logs = s.logs.join('');
      assert.match(logs, /"url":"\/api\/health"/);
      assert.match(logs, /restaurarcontrase/);
      assert.ok(!logs.includes(secret), 'the token is not in the log');
    } finally {
      await s.close();
    }
  });

  test('the web build is served pre-compressed: hashed files cached for a year, pages checked again, /logging pre-rendered', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const write = (file: string, content: string, compressed = true) => {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), content);
      if (compressed) {
        fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(content));
        fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(content));
      }
    };
    const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    write('index.html', '<!doctype html><div id="root"></div>', false);
    write('assets/index-abc123.js', bundle);
    write('prerendered/logging.html', `<!doctype html><h1>Consorcios</h1>${'<p>landing</p>'.repeat(200)}`);
    const s = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      const asset = await fetch(`${s.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('content-encoding'), 'br');
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(asset.headers.get('vary') ?? '', /accept-encoding/i);
      assert.match(asset.headers.get('content-type') ?? '', /javascript/);
      assert.equal(await asset.text(), bundle); // fetch decodes brotli: the same file
      const gzip = await fetch(`${s.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gzip.headers.get('content-encoding'), 'gzip');
      const plain = await fetch(`${s.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.headers.get('content-encoding'), null);
      assert.equal(await plain.text(), bundle);

      const landing = await fetch(`${s.baseUrl}/logging`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(landing.status, 200);
      assert.equal(landing.headers.get('content-encoding'), 'br');
      assert.equal(landing.headers.get('cache-control'), 'no-cache');
      assert.match(await landing.text(), /<h1>Consorcios<\/h1>/);

      const page = await fetch(`${s.baseUrl}/buildings/7`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      assert.match(await page.text(), /id="root"/);
      assert.equal((await fetch(`${s.baseUrl}/assets/missing-123.js`)).status, 404);
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
