import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const serverEntry = new URL('./server.ts', import.meta.url).pathname;
const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'consorcio-srv-'));
  dirs.push(d);
  return d;
}

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', TEST_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const freePort = () => 20000 + Math.floor(Math.random() * 20000);

describe('the server process', () => {
  test('a bad configuration value stops start-up with one line naming the variable', async () => {
    const p = startServer({ PORT: 'abc', DATA_DIR: tempDir() });
    assert.equal(await p.exited, 1);
    const lines = p.output().trim().split('\n');
    assert.equal(lines.length, 1, p.output());
    assert.match(lines[0]!, /^Invalid configuration: PORT:/);

    const q = startServer({ DATABASE_URL: 'mysql://x', DATA_DIR: tempDir() });
    assert.equal(await q.exited, 1);
    assert.match(q.output().trim(), /^Invalid configuration: DATABASE_URL:/);
  });

  test('starts empty with DEMO=0, a second process on the same folder refuses, and SIGTERM shuts down cleanly', async () => {
    const dataDir = tempDir();
    const port = freePort();
    const first = startServer({ DEMO: '0', DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitFor(() => first.output().includes('listo en'));
      assert.doesNotMatch(first.output(), /Ingresos/, 'no demo logins with DEMO=0');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      assert.equal(health.status, 200);
      const login = await fetch(`http://127.0.0.1:${port}/api/loggings/loggingIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@consorcio.com.ar', password: 'Admin1234' }),
      });
      assert.equal(login.status, 401, 'empty product: the demo admin does not exist');

      const second = startServer({ DEMO: '0', DATA_DIR: dataDir, PORT: String(port + 1) });
      assert.equal(await second.exited, 1);
      assert.match(second.output(), /in use by another process/);

      first.child.kill('SIGTERM');
      assert.equal(await first.exited, 0);
      assert.equal(fs.existsSync(path.join(dataDir, 'server.lock')), false, 'the lock is released');
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  test('a port already taken stops start-up with one line, and the data folder is released', async () => {
    const dataDir = tempDir();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const p = startServer({ DEMO: '0', DATA_DIR: dataDir, PORT: String(port) });
      assert.equal(await p.exited, 1);
      const lines = p.output().trim().split('\n');
      assert.equal(lines.length, 1, p.output());
      assert.equal(lines[0], `Could not start: port ${port} is already in use (set PORT to another one).`);
      assert.equal(fs.existsSync(path.join(dataDir, 'server.lock')), false, 'the lock is released');
    } finally {
      taken.close();
    }
  });

  test('an empty embedded database gets the demo data and prints its logins; data survives a restart', async () => {
    const dataDir = tempDir();
    const port = freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      // The logins may reach the pipe in a later chunk than the "listo en" line: wait for them.
      await waitFor(() => /admin@consorcio\.com\.ar\s+Admin1234/.test(first.output()));
      assert.match(first.output(), /listo en/);
      first.child.kill('SIGTERM');
      assert.equal(await first.exited, 0);
    } finally {
      first.child.kill('SIGKILL');
    }
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      await waitFor(() => again.output().includes('listo en'));
      assert.doesNotMatch(again.output(), /Ingresos/, 'seeded once only');
      const login = await fetch(`http://127.0.0.1:${port}/api/loggings/loggingIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@consorcio.com.ar', password: 'Admin1234' }),
      });
      assert.equal(login.status, 200);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
