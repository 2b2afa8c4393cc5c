import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from './test/harness.ts';

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
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(res.headers.get('content-encoding'), 'gzip');
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
});
