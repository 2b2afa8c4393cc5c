import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { buildApp } from '../app.ts';
import { buildAdmin } from '../seed/factories.ts';

/**
 * A TCP proxy between the API and PostgreSQL that can "take the database down" (drop every
 * connection and refuse new ones) and bring it back, to prove 503 during an outage and recovery after.
 */
function dbProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return {
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
    down: () => {
      up = false;
      for (const s of sockets) s.destroy();
    },
    up: () => {
      up = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe('database outage', { skip: !pgUrl && 'PostgreSQL only (set TEST_DATABASE_URL)' }, () => {
  test('answers 503 while PostgreSQL is unreachable and recovers when it returns', async () => {
    const { default: pg } = await import('pg');
    const name = `t_outage_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const proxy = dbProxy(new URL(pgUrl!));
    const port = await proxy.listen();
    const url = new URL(pgUrl!);
    url.host = `127.0.0.1:${port}`;
    url.pathname = `/${name}`;
    const poolErrors: Error[] = [];
    const database = await openDatabase({ databaseUrl: url.toString(), onPoolError: (e) => poolErrors.push(e) });
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    try {
      const user = await buildAdmin(database.db);
      const login = () =>
        fetch(`${base}/api/loggings/loggingIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        });
      assert.equal((await login()).status, 200);

      proxy.down();
      const health = await fetch(`${base}/api/health`);
      assert.equal(health.status, 503);
      const during = await login();
      assert.equal(during.status, 503);
      const body = (await during.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'UNAVAILABLE');
      assert.doesNotMatch(JSON.stringify(body), /ECONN|terminated|select|at /);

      proxy.up();
      let recovered = false;
      for (let i = 0; i < 50 && !recovered; i++) {
        recovered = (await fetch(`${base}/api/health`)).status === 200;
        if (!recovered) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(recovered, 'health is ok again');
      assert.equal((await login()).status, 200, 'requests work again after the outage');
    } finally {
      await app.close();
      await database.close().catch(() => undefined);
      await proxy.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
