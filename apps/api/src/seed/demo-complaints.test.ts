import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { TestServer } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import { complaintReplies, complaints, mailOutbox, users } from '../db/schema.ts';
import { LocalFileStorage } from '../lib/storage.ts';
import { DEMO_ADMIN, DEMO_RESIDENT_PASSWORD } from './demo.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('demo data: complaints', () => {
  let t: TestServer;
  let uploads: string;
  before(async () => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-uploads-'));
    const storage = new LocalFileStorage(uploads);
    t = await startDemoServer(NOW, { storage });
  });
  after(async () => {
    await t.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  test('complaints in several buildings, both states, a few unseen, replies, by Ana among others; no e-mail queued', async () => {
    const { db } = t.database;
    const rows = await db.select().from(complaints);
    assert.ok(new Set(rows.map((c) => c.buildingId)).size >= 2, 'several buildings');
    assert.deepEqual([...new Set(rows.map((c) => c.state))].sort(), ['closed', 'opened']);
    const unseen = rows.filter((c) => !c.seen).length;
    assert.ok(unseen >= 2 && unseen <= 4, `a few unseen: ${unseen}`);
    assert.ok(rows.every((c) => c.createdAt <= NOW && c.date <= '2026-03-10'));
    const [ana] = await db.select().from(users).where(eq(users.email, 'ana.gomez@demo.com.ar'));
    assert.ok(rows.filter((c) => c.userId === ana!.id).length >= 2);
    const [replies] = await db.select({ n: sql<number>`count(distinct complaint_id)::int` }).from(complaintReplies);
    assert.ok(replies!.n >= 2);
    assert.equal((await db.select().from(mailOutbox)).length, 0);
  });

  test('one complaint has a photo, stored like an upload: Ana and the administrator see it, Bruno does not', async () => {
    const withPhoto = await t.database.db.select().from(complaints).where(isNotNull(complaints.image));
    assert.equal(withPhoto.length, 1);
    const url = withPhoto[0]!.image!;
    assert.match(url, /^\/api\/files\/complaints\/[0-9a-f-]{36}\.jpg$/);
    const admin = t.client();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const ana = t.client();
    await ana.login('ana.gomez@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    const bruno = t.client();
    await bruno.login('bruno.diaz@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    for (const c of [admin, ana]) {
      const res = await c.get(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/jpeg');
    }
    assert.equal((await bruno.get(url)).status, 404);
    const bell = await admin.get('/api/complaints/unseen');
    assert.ok(
      bell.body.items.some((c: { image: string | null }) => c.image === url),
      'the photo complaint is in the bell',
    );
  });
});
