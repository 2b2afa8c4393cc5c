import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAlert, buildApartment, buildResident } from '../../seed/factories.ts';
import { users } from '../../db/schema.ts';

/** Noon in Córdoba on 15/06/2025: "today" for the feed's window. */
const NOW = new Date('2025-06-15T15:00:00Z');
const PUBLIC_URL = 'https://consorcio.example.com.ar';

describe('calendar feed', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  before(async () => {
    t = await startTestServer({ env: { PUBLIC_URL }, services: { clock: () => NOW }, captureLogs: true });
    w = await twoTenants(t);
  });
  after(() => t.close());

  /** The feed's path on the test server, from the URL the API gave. */
  const feedPath = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => /\/feed\/([^/]+)\.ics$/.exec(url)![1]!;

  test("a resident's private link: made on the first request, the same afterwards; residents only", async () => {
    const { a } = w;
    const first = await a.residentClient.get('/api/subscriptions/feed');
    assert.equal(first.status, 200, first.text);
    assert.match(first.body.url, /^https:\/\/consorcio\.example\.com\.ar\/api\/alerts\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    assert.deepEqual((await a.residentClient.get('/api/subscriptions/feed')).body, first.body);
    // Another resident gets their own.
    assert.notEqual((await w.b.residentClient.get('/api/subscriptions/feed')).body.url, first.body.url);

    assert.equal((await a.adminClient.get('/api/subscriptions/feed')).status, 403);
    assert.equal((await a.adminClient.post('/api/subscriptions/feed')).status, 403);
    assert.equal((await t.client().get('/api/subscriptions/feed')).status, 401);
    assert.equal((await t.client().post('/api/subscriptions/feed')).status, 401);
  });

  test("the feed: the building's alerts of the last 12 months and all future ones, all-day, importance in the title", async () => {
    const { a, b } = w;
    const { db } = t.database;
    const old = await buildAlert(db, a.building.id, { date: '2024-06-14', concept: 'Muy vieja' });
    const firstDay = await buildAlert(db, a.building.id, {
      date: '2024-06-15',
      concept: 'Asamblea ordinaria',
      details: 'A las 19 h en el SUM; orden del día: cuentas, elección',
      importance: 'media',
    });
    const water = await buildAlert(db, a.building.id, {
      date: '2025-06-15',
      concept: 'Corte de agua',
      details: 'De 9 a 14 h',
      importance: 'alta',
    });
    const future = await buildAlert(db, a.building.id, {
      date: '2026-01-01',
      concept: 'Recolección de residuos',
      details: '',
      importance: 'baja',
    });
    const foreign = await buildAlert(db, b.building.id, { date: '2025-06-20', concept: 'Ajena' });

    const { url } = (await a.residentClient.get('/api/subscriptions/feed')).body;
    const anon = t.client();
    const res = await anon.get(feedPath(url));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');

    const parsed = ical.sync.parseICS(res.text);
    assert.equal(parsed.vcalendar?.['WR-CALNAME'], a.building.name);
    assert.equal(parsed.vcalendar?.['WR-TIMEZONE'], 'America/Argentina/Cordoba');
    const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
    const uid = (id: number) => `alert-${id}@consorcio.example.com.ar`;
    assert.deepEqual(
      events.map((e) => e.uid),
      [firstDay, water, future].map((x) => uid(x.id)),
    );
    assert.ok(!res.text.includes(uid(old.id)) && !res.text.includes(uid(foreign.id)) && !res.text.includes('Ajena'));

    const [assembly, cut, garbage] = events as [VEvent, VEvent, VEvent];
    assert.equal(assembly.summary, '[Media] Asamblea ordinaria');
    assert.equal(assembly.description, 'A las 19 h en el SUM; orden del día: cuentas, elección');
    assert.equal(cut.summary, '[Alta] Corte de agua');
    assert.equal(garbage.summary, '[Baja] Recolección de residuos');
    // All-day events on the alert's own date, whatever the server's time zone.
    assert.match(res.text, /DTSTART;VALUE=DATE:20250615\r\nDTEND;VALUE=DATE:20250616\r\n/);
    assert.equal(cut.datetype, 'date');
    assert.equal(cut.start.dateOnly, true);
    assert.equal(cut.start.getFullYear(), 2025);
    assert.equal(cut.start.getMonth(), 5);
    assert.equal(cut.start.getDate(), 15);

    // UIDs stay put across fetches (a calendar app updates events instead of duplicating them).
    const again = ical.sync.parseICS((await anon.get(feedPath(url))).text);
    assert.deepEqual(
      Object.values(again)
        .filter((c): c is VEvent => c?.type === 'VEVENT')
        .map((e) => e.uid),
      events.map((e) => e.uid),
    );
  });

  test('a new link voids the old one (404 in the API error format); unknown and malformed tokens are 404 too', async () => {
    const { a } = w;
    const old = (await a.residentClient.get('/api/subscriptions/feed')).body.url;
    const renewed = await a.residentClient.post('/api/subscriptions/feed');
    assert.equal(renewed.status, 200, renewed.text);
    assert.notEqual(renewed.body.url, old);
    assert.deepEqual((await a.residentClient.get('/api/subscriptions/feed')).body, renewed.body);

    const anon = t.client();
    const gone = await anon.get(feedPath(old));
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'NOT_FOUND');
    assert.equal((await anon.get(feedPath(renewed.body.url))).status, 200);
    for (const path of [
      `/api/alerts/feed/${'A'.repeat(43)}.ics`,
      '/api/alerts/feed/abc.ics',
      '/api/alerts/feed/.ics',
      `/api/alerts/feed/${'A'.repeat(200)}.ics`,
      `/api/alerts/feed/${tokenOf(renewed.body.url)}`,
    ]) {
      const res = await anon.get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'NOT_FOUND', path);
    }
  });

  test("a banned resident's feed answers 404, and again once allowed back", async () => {
    const apt = await buildApartment(t.database.db, w.a.building.id);
    const user = await buildResident(t.database.db, apt.id);
    const client = t.client();
    await client.login(user.email, user.password);
    const { url } = (await client.get('/api/subscriptions/feed')).body;
    const anon = t.client();
    assert.equal((await anon.get(feedPath(url))).status, 200);
    await t.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, user.id));
    assert.equal((await anon.get(feedPath(url))).status, 404);
    await t.database.db.update(users).set({ isDeleted: false }).where(eq(users.id, user.id));
    assert.equal((await anon.get(feedPath(url))).status, 200);
  });

  test('the token never reaches the log, even in a mistyped feed address', async () => {
    const { url } = (await w.a.residentClient.get('/api/subscriptions/feed')).body;
    const token = tokenOf(url);
    const from = t.logs.length;
    await t.client().get(feedPath(url));
    for (const path of [`/api/alerts/feed/${token}`, `/api/alerts/feed/${token}.ics/x`, `/api/alerts/feed/${token}.ical`]) {
      assert.equal((await t.client().get(path)).status, 404, path);
    }
    await w.a.residentClient.get('/api/subscriptions/feed');
    const lines = t.logs.slice(from);
    assert.ok(
      lines.some((l) => l.includes('/api/alerts/feed/')),
      'the mistyped addresses are logged',
    );
    assert.deepEqual(
      lines.filter((l) => l.includes(token)),
      [],
    );
  });
});
