import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { MSG, SUBSCRIPTION_MSG } from '@consorcio/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildResident, buildSubscription } from '../../seed/factories.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { UNSUBSCRIBE_PURPOSE, unsubscribeLinks } from './unsubscribe-links.ts';

describe('subscriptions', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
  });
  after(() => t.close());

  const subscriptionOf = async (userId: number) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  /** A fresh resident of building A, signed in (each test owns its subscriptions). */
  const newResident = async (building = w.a.building.id) => {
    const apt = await buildApartment(t.database.db, building);
    const user = await buildResident(t.database.db, apt.id);
    const client = t.client();
    await client.login(user.email, user.password);
    return { user, client };
  };

  test('a resident subscribes, reads, changes and deletes their subscription', async () => {
    const { user, client } = await newResident();
    assert.equal((await client.get(`/api/subscriptions/${user.id}`)).status, 404);

    // A userID in the body (the original client sent one) is ignored: it is always the caller's.
    const created = await client.post('/api/subscriptions', { alerts: 'important', userID: w.b.resident.id });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body, { id: created.body.id, alerts: 'important', userId: user.id });
    assert.deepEqual((await client.get(`/api/subscriptions/${user.id}`)).body, created.body);
    assert.equal(await subscriptionOf(w.b.resident.id), undefined);

    const again = await client.post('/api/subscriptions/', { alerts: 'all' });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body.error, { code: 'CONFLICT', message: SUBSCRIPTION_MSG.exists });

    const changed = await client.put('/api/subscriptions', { id: created.body.id, alerts: 'all' });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(changed.body, { ...created.body, alerts: 'all' });

    assert.equal((await client.delete(`/api/subscriptions/${created.body.id}`)).status, 204);
    assert.equal((await client.get(`/api/subscriptions/${user.id}`)).status, 404);
    assert.equal((await client.delete(`/api/subscriptions/${created.body.id}`)).status, 404);
    assert.equal((await client.put('/api/subscriptions', { id: created.body.id, alerts: 'all' })).status, 404);
    // Subscribing again after deleting is a new subscription.
    assert.equal((await client.post('/api/subscriptions', { alerts: 'all' })).status, 201);
  });

  test('the kind is important or all, with the Spanish message', async () => {
    const { client } = await newResident();
    for (const body of [{ alerts: 'todas' }, {}, { alerts: null }]) {
      const res = await client.post('/api/subscriptions', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'VALIDATION');
      assert.equal(res.body.error.message, SUBSCRIPTION_MSG.chooseKind);
    }
    assert.equal((await client.put('/api/subscriptions', { id: 1, alerts: 'x' })).body.error.message, SUBSCRIPTION_MSG.chooseKind);
  });

  test('twenty subscriptions at once: one is created, the others answer 409', async () => {
    const { user, client } = await newResident();
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/subscriptions', { alerts: 'all' })));
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, ...Array<number>(19).fill(409)]);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    assert.equal(rows.length, 1);
  });

  test('tenancy: only the user and the administrators of their building read it; only the user changes it', async () => {
    const { a, b } = w;
    const mine = await a.residentClient.post('/api/subscriptions', { alerts: 'all' });
    assert.equal(mine.status, 201, mine.text);
    const neighbour = await newResident(a.building.id);

    // The administrator of the building reads it; another administrator, a neighbour and another building's resident get 404.
    assert.deepEqual((await a.adminClient.get(`/api/subscriptions/${a.resident.id}`)).body, mine.body);
    assert.equal((await b.adminClient.get(`/api/subscriptions/${a.resident.id}`)).status, 404);
    assert.equal((await neighbour.client.get(`/api/subscriptions/${a.resident.id}`)).status, 404);
    assert.equal((await b.residentClient.get(`/api/subscriptions/${a.resident.id}`)).status, 404);
    // An administrator's own id (administrators have no subscription) and a missing user.
    assert.equal((await a.adminClient.get(`/api/subscriptions/${a.admin.id}`)).status, 404);
    assert.equal((await a.adminClient.get('/api/subscriptions/2147483647')).status, 404);
    assert.equal((await a.adminClient.get('/api/subscriptions/abc')).status, 404);

    // Someone else's subscription cannot be changed or deleted: 404, and it stays as it was.
    assert.equal((await neighbour.client.put('/api/subscriptions', { id: mine.body.id, alerts: 'important' })).status, 404);
    assert.equal((await b.residentClient.delete(`/api/subscriptions/${mine.body.id}`)).status, 404);
    assert.equal((await subscriptionOf(a.resident.id))?.alerts, 'all');

    // Administrators do not subscribe, change or delete (403); anonymous callers get 401.
    assert.equal((await a.adminClient.post('/api/subscriptions', { alerts: 'all' })).status, 403);
    assert.equal((await a.adminClient.put('/api/subscriptions', { id: mine.body.id, alerts: 'important' })).status, 403);
    assert.equal((await a.adminClient.delete(`/api/subscriptions/${mine.body.id}`)).status, 403);
    const anon = t.client();
    assert.equal((await anon.get(`/api/subscriptions/${a.resident.id}`)).status, 401);
    assert.equal((await anon.post('/api/subscriptions', { alerts: 'all' })).status, 401);
    assert.equal((await anon.get(`/api/subscriptions/all/${a.building.id}`)).status, 401);
    assert.equal((await a.adminClient.delete(`/api/subscriptions/${mine.body.id}`)).body.error.code, 'FORBIDDEN');
    assert.equal((await subscriptionOf(a.resident.id))?.alerts, 'all');
  });

  test("an administrator lists a building's subscribers by name; another building is 404, residents 403", async () => {
    const { a, b } = w;
    const ana = await newResident(a.building.id);
    const zoe = await newResident(a.building.id);
    const { db } = t.database;
    await db.update(users).set({ name: 'Zoe Vera' }).where(eq(users.id, zoe.user.id));
    await db.update(users).set({ name: 'Ana Abril' }).where(eq(users.id, ana.user.id));
    await buildSubscription(db, zoe.user.id, 'important');
    await buildSubscription(db, ana.user.id, 'all');
    await buildSubscription(db, b.resident.id, 'all');

    const list = await a.adminClient.get(`/api/subscriptions/all/${a.building.id}?pageSize=500`);
    assert.equal(list.status, 200, list.text);
    const names = list.body.items.map((s: { user: { name: string } }) => s.user.name);
    assert.equal(names[0], 'Ana Abril');
    assert.equal(names.at(-1), 'Zoe Vera');
    assert.equal(list.body.total, list.body.items.length);
    const zoeRow = list.body.items.find((s: { userId: number }) => s.userId === zoe.user.id);
    assert.deepEqual(zoeRow, {
      id: zoeRow.id,
      alerts: 'important',
      userId: zoe.user.id,
      user: { id: zoe.user.id, name: 'Zoe Vera', email: zoe.user.email },
    });
    assert.ok(!list.body.items.some((s: { userId: number }) => s.userId === b.resident.id));
    const page = await a.adminClient.get(`/api/subscriptions/all/${a.building.id}?pageSize=1&page=2`);
    assert.equal(page.body.items.length, 1);
    assert.equal(page.body.total, list.body.total);

    assert.equal((await b.adminClient.get(`/api/subscriptions/all/${a.building.id}`)).status, 404);
    assert.equal((await a.residentClient.get(`/api/subscriptions/all/${a.building.id}`)).status, 403);
  });

  describe('one-click unsubscribe (no session)', () => {
    const links = (userId: number) => unsubscribeLinks(t.app.links, t.app.config.publicUrl, userId);
    /** The link's path and query, sent to the test server. */
    const local = (url: string) => {
      const u = new URL(url);
      return `${t.baseUrl}${u.pathname}${u.search}`;
    };
    const post = (url: string, init: { body?: string; type?: string } = {}) =>
      fetch(url, {
        method: 'POST',
        headers: init.type ? { 'content-type': init.type } : {},
        body: init.body,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

    test('the RFC 8058 POST (form body List-Unsubscribe=One-Click, token in the link) ends the subscription, again and again', async () => {
      const { user } = await newResident();
      await buildSubscription(t.database.db, user.id, 'all');
      const l = links(user.id);
      assert.equal(l.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      assert.equal(l.headers['List-Unsubscribe'], `<${l.oneClick}>`);

      const form = { body: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' };
      const res = await post(local(l.oneClick), form);
      assert.deepEqual(res, { status: 200, body: { unsubscribed: true } });
      assert.equal(await subscriptionOf(user.id), undefined);
      // Idempotent: a retry, or a user with no subscription at all, is fine.
      assert.deepEqual(await post(local(l.oneClick), form), { status: 200, body: { unsubscribed: true } });
      assert.equal((await post(local(l.oneClick))).status, 200);
    });

    test('the token also comes in a JSON or form body (the confirmation page)', async () => {
      const { user } = await newResident();
      await buildSubscription(t.database.db, user.id, 'important');
      const token = new URL(links(user.id).oneClick).searchParams.get('token')!;
      const res = await post(`${t.baseUrl}/api/subscriptions/unsubscribe`, { body: JSON.stringify({ token }), type: 'application/json' });
      assert.deepEqual(res, { status: 200, body: { unsubscribed: true } });
      assert.equal(await subscriptionOf(user.id), undefined);

      await buildSubscription(t.database.db, user.id, 'important');
      const form = `token=${encodeURIComponent(token)}`;
      const res2 = await post(`${t.baseUrl}/api/subscriptions/unsubscribe`, { body: form, type: 'application/x-www-form-urlencoded' });
      assert.equal(res2.status, 200);
      assert.equal(await subscriptionOf(user.id), undefined);
    });

    test('a forged, altered or missing token: 400 with the API error body, nothing changes', async () => {
      const { user } = await newResident();
      await buildSubscription(t.database.db, user.id, 'all');
      const token = new URL(links(user.id).oneClick).searchParams.get('token')!;
      const [payload, mac] = token.split('.') as [string, string];
      const otherUser = w.b.resident.id;
      const forged = [
        `${otherUser}.${mac}`,
        `${payload}.${mac.slice(0, -2)}AA`,
        payload,
        'x',
        t.app.links.sign('another-purpose', String(user.id)),
        t.app.links.sign(UNSUBSCRIBE_PURPOSE, '0'),
        t.app.links.sign(UNSUBSCRIBE_PURPOSE, 'abc'),
        t.app.links.sign(UNSUBSCRIBE_PURPOSE, '99999999999'),
      ];
      for (const f of forged) {
        const res = await post(`${t.baseUrl}/api/subscriptions/unsubscribe?token=${encodeURIComponent(f)}`);
        assert.equal(res.status, 400, f);
        assert.equal(res.body.error.code, 'VALIDATION');
        assert.equal(res.body.error.message, MSG.tokenInvalid);
      }
      for (const body of [undefined, '{}', '{"token":""}', '{"token":42}', '[]']) {
        const res = await post(`${t.baseUrl}/api/subscriptions/unsubscribe`, body === undefined ? {} : { body, type: 'application/json' });
        assert.equal(res.status, 400, String(body));
        assert.equal(res.body.error.code, 'VALIDATION');
      }
      const empty = await post(`${t.baseUrl}/api/subscriptions/unsubscribe`, {
        body: 'List-Unsubscribe=One-Click',
        type: 'application/x-www-form-urlencoded',
      });
      assert.equal(empty.body.error.message, MSG.tokenInvalid);
      assert.equal((await subscriptionOf(user.id))?.alerts, 'all');
    });

    test('only the unsubscribe route reads form bodies', async () => {
      const { user } = await newResident();
      const login = await fetch(`${t.baseUrl}/api/loggings/loggingIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const res = await fetch(`${t.baseUrl}/api/subscriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'alerts=all',
      });
      assert.equal(res.status, 415);
      assert.equal(await subscriptionOf(user.id), undefined);
    });
  });
});
