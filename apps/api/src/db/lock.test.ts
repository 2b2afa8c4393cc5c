import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'consorcio-lock-'));
  dirs.push(d);
  return d;
};

describe('the data folder lock', () => {
  test('a live owner keeps the folder; releasing frees it; nothing else is left behind', async () => {
    const dir = tempDir();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(owner.pid));
      assert.throws(
        () => lockDataDir(dir),
        (e: unknown) => e instanceof DataDirLockedError && /in use by another process/.test(e.message),
      );
    } finally {
      owner.kill();
    }
    await new Promise((r) => owner.once('exit', r));
    const release = lockDataDir(dir);
    assert.equal(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'), String(process.pid));
    release();
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  test('a lock left by a process that died is taken over', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), dead);
    const release = lockDataDir(dir);
    assert.equal(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'), String(process.pid));
    release();
  });
});
