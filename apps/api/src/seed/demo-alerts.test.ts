import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, sql } from 'drizzle-orm';
import ical from 'node-ical';
import type { TestServer } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import { alerts, buildings, mailOutbox, subscriptions, users } from '../db/schema.ts';
import { DEMO_RESIDENT_PASSWORD } from './demo.ts';

/** 20/12/2025 in Córdoba: next month is in the next year. */
const NOW = new Date('2025-12-20T15:00:00Z');

describe('demo data: alerts and subscriptions', () => {
  let t: TestServer;
  before(async () => {
    t = await startDemoServer(NOW);
  });
  after(() => t.close());

  test('every building has alerts this month and next, of every importance, and in the earlier months of the year', async () => {
    const { db } = t.database;
    const all = await db.select().from(buildings).orderBy(asc(buildings.id));
    assert.equal(all.length, 3);
    for (const b of all) {
      const rows = await db.select().from(alerts).where(eq(alerts.buildingId, b.id));
      const inMonth = (prefix: string) => rows.filter((a) => a.date.startsWith(prefix));
      assert.ok(inMonth('2025-12').length >= 3, `${b.name}: this month`);
      assert.ok(inMonth('2026-01').length >= 3, `${b.name}: next month`);
      for (const m of ['01', '04', '11']) assert.ok(inMonth(`2025-${m}`).length >= 1, `${b.name}: 2025-${m}`);
      const soon = [...inMonth('2025-12'), ...inMonth('2026-01')];
      assert.deepEqual([...new Set(soon.map((a) => a.importance))].sort(), ['alta', 'baja', 'media'], b.name);
      assert.ok(
        rows.some((a) => a.concept === 'Corte de agua' || a.concept === 'Asamblea ordinaria'),
        b.name,
      );
      assert.ok(rows.every((a) => a.date >= '2025-01-01' && a.date <= '2026-01-31' && a.details.length > 0));
    }
  });

  test('Ana is subscribed to every alert, Bruno to the important ones, nobody else; the seed queues no e-mail', async () => {
    const { db } = t.database;
    const rows = await db
      .select({ email: users.email, alerts: subscriptions.alerts })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .orderBy(asc(users.email));
    assert.deepEqual(rows, [
      { email: 'ana.gomez@demo.com.ar', alerts: 'all' },
      { email: 'bruno.diaz@demo.com.ar', alerts: 'important' },
    ]);
    const [mail] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    assert.equal(mail!.n, 0);
  });

  test("through the API: Ana's subscription and her building's calendar feed", async () => {
    const ana = t.client();
    const login = await ana.login('ana.gomez@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    const sub = await ana.get(`/api/subscriptions/${login.body.id}`);
    assert.equal(sub.status, 200, sub.text);
    assert.equal(sub.body.alerts, 'all');
    const { url } = (await ana.get('/api/subscriptions/feed')).body;
    const feed = await t.client().get(new URL(url).pathname);
    const events = Object.values(ical.sync.parseICS(feed.text)).filter((c) => c?.type === 'VEVENT');
    assert.ok(events.length >= 8, `${events.length} events`);
  });
});
