import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { loginAddresses, rateLimitEvents, sessions, users } from '../../db/schema.ts';
import { argon2Hasher, type PasswordHasher } from '../../lib/password.ts';
import { KNOWN_ADDRESS_TTL_MS, pruneLoginAddresses } from './login-limits.ts';

describe('accounts and sessions', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  test('an administrator signs up, logs in with an HttpOnly cookie, reads the session and logs out', async () => {
    const c = t.client();
    const signup = await c.post('/api/admin/', {
      name: 'Laura Vega',
      email: 'Laura@Example.com',
      contact: '3514444444',
      password: 'Segura123',
    });
    assert.equal(signup.status, 201);
    assert.deepEqual(Object.keys(signup.body).sort(), ['email', 'id', 'name']);
    assert.equal(signup.body.email, 'laura@example.com');

    const login = await c.post('/api/loggings/loggingIn', { email: 'laura@example.com', password: 'Segura123' });
    assert.equal(login.status, 200);
    assert.equal(login.body.role, 'admin');
    assert.equal(login.body.message, 'Bienvenido Laura Vega');
    assert.equal(login.body.first_logging, false);
    assert.ok(login.body.token.length >= 40);
    assert.equal(login.body.passwordHash, undefined);
    const cookie = login.headers.getSetCookie().find((s) => s.startsWith('sid='))!;
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.doesNotMatch(cookie, /Secure/i, 'plain http: no Secure flag');

    const session = await c.get('/api/loggings/session');
    assert.equal(session.status, 200);
    assert.deepEqual(session.body, {
      id: signup.body.id,
      name: 'Laura Vega',
      email: 'laura@example.com',
      role: 'admin',
      message: 'Bienvenido Laura Vega',
      first_logging: false,
    });

    // The bearer token works for API clients, and is the same session.
    const api = t.client();
    api.bearer = login.body.token;
    assert.equal((await api.get('/api/loggings/session')).status, 200);

    const out = await c.post('/api/loggings/logout');
    assert.equal(out.status, 204);
    assert.equal((await c.get('/api/loggings/session')).status, 401);
    // Ended server-side: the old token no longer works either.
    const again = await api.get('/api/loggings/session');
    assert.equal(again.status, 401);
    assert.equal(again.body.error.code, 'UNAUTHENTICATED');
  });

  test('the session cookie is Secure behind an HTTPS public URL', async () => {
    const s = await startTestServer({ env: { PUBLIC_URL: 'https://consorcio.example.com' } });
    try {
      const admin = await buildAdmin(s.database.db);
      const res = await s.client().post('/api/loggings/loggingIn', { email: admin.email, password: admin.password });
      assert.match(
        res.headers.getSetCookie().find((x) => x.startsWith('sid='))!,
        /Secure/,
      );
    } finally {
      await s.close();
    }
  });

  test('a taken e-mail and invalid sign-up data answer with the Spanish messages', async () => {
    const c = t.client();
    const body = { name: 'Pedro Ríos', email: 'pedro@example.com', contact: '3515555555', password: 'Segura123' };
    assert.equal((await c.post('/api/admin', body)).status, 201);
    const dup = await c.post('/api/admin', { ...body, email: 'PEDRO@example.com' });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, { error: { code: 'CONFLICT', message: 'El email ya se encuentra asociado a una cuenta' } });

    const weak = await c.post('/api/admin', { ...body, email: 'otro@example.com', password: 'corta' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.error.code, 'VALIDATION');
    assert.equal(weak.body.error.fields.password, '1 nro, 1 mayus y 1 min');

    const blank = await c.post('/api/admin', { ...body, email: 'otro2@example.com', name: '  ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.error.fields.name, 'Debe completar todos los campos');
  });

  test('wrong credentials answer 401 with the same message for unknown users and bad passwords', async () => {
    const admin = await buildAdmin(t.database.db);
    const c = t.client();
    const bad = await c.post('/api/loggings/loggingIn', { email: admin.email, password: 'Incorrecta1' });
    const unknown = await c.post('/api/loggings/loggingIn', { email: 'nadie@example.com', password: 'Incorrecta1' });
    assert.equal(bad.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(bad.body, { error: { code: 'UNAUTHENTICATED', message: 'Usuario o contraseña incorrectos' } });
    assert.deepEqual(unknown.body, bad.body);
    assert.equal(bad.headers.getSetCookie().length, 0);
  });

  test('a banned user gets 403 "Usuario deshabilitado"', async () => {
    const admin = await buildAdmin(t.database.db);
    const b = await buildBuilding(t.database.db, admin.id);
    const apt = await buildApartment(t.database.db, b.id);
    const banned = await buildResident(t.database.db, apt.id, { isDeleted: true });
    const res = await t.client().post('/api/loggings/loggingIn', { email: banned.email, password: banned.password });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.message, 'Usuario deshabilitado');
  });

  test('a resident session carries the apartment and building; first login returns a reset token', async () => {
    const admin = await buildAdmin(t.database.db);
    const b = await buildBuilding(t.database.db, admin.id, { name: 'Torre Sol' });
    const apt = await buildApartment(t.database.db, b.id, { numberApartment: '4C' });
    const fresh = await buildResident(t.database.db, apt.id, { firstLogging: true });
    const c = t.client();
    const login = await c.post('/api/loggings/loggingIn', { email: fresh.email, password: fresh.password });
    assert.equal(login.status, 200);
    assert.equal(login.body.first_logging, true);
    assert.ok(login.body.resetToken && login.body.resetToken.length >= 40);
    const session = await c.get('/api/loggings/session');
    assert.equal(session.body.role, 'resident');
    assert.deepEqual(session.body.apartment, { id: apt.id, number_apartment: '4C', buildingId: b.id });
    assert.deepEqual(session.body.building, { id: b.id, name: 'Torre Sol' });
  });

  test('after 10 failures in 15 minutes for an e-mail from this address, that pair gets 429; other accounts from it do not', async () => {
    const s = await startTestServer();
    try {
      const admin = await buildAdmin(s.database.db);
      const c = s.client();
      for (let i = 0; i < 10; i++) {
        const r = await c.post('/api/loggings/loggingIn', { email: admin.email, password: `Mala${i}xyz` });
        assert.equal(r.status, 401);
      }
      const limited = await c.post('/api/loggings/loggingIn', { email: admin.email, password: admin.password });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error.code, 'RATE_LIMITED');
      // Ten failures are far from the address's own limit: another account logs in from it.
      const other = await buildAdmin(s.database.db);
      assert.equal((await c.post('/api/loggings/loggingIn', { email: other.email, password: other.password })).status, 200);
    } finally {
      await s.close();
    }
  });

  test('login validates the e-mail with the Spanish message', async () => {
    const res = await t.client().post('/api/loggings/loggingIn', { email: 'no-es-mail', password: 'x' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.fields.email, 'El correo electronico es incorrecto');
  });
  test('sessions are stored hashed (sha256), never the token itself; passwords are argon2id', async () => {
    const admin = await buildAdmin(t.database.db);
    const login = await t.client().login(admin.email, admin.password);
    const token: string = login.body.token;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, createHash('sha256').update(token).digest('hex'));
    assert.doesNotMatch(JSON.stringify(rows), new RegExp(token));
    const signup = await t
      .client()
      .post('/api/admin', { name: 'Hash Prueba', email: 'hash@example.com', contact: '3514444444', password: 'Segura123' });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, signup.body.id));
    assert.match(user!.passwordHash, /^\$argon2id\$/);
  });

  test('a session idle for more than 30 days has ended: 401', async () => {
    const admin = await buildAdmin(t.database.db);
    const c = t.client();
    await c.login(admin.email, admin.password);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(sessions.userId, admin.id));
    const res = await c.get('/api/loggings/session');
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'UNAUTHENTICATED');
    assert.equal((await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).length, 0, 'deleted');
  });

  test('using a session renews its cookie for another 30 days; logout still clears it', async () => {
    const admin = await buildAdmin(t.database.db);
    const c = t.client();
    await c.login(admin.email, admin.password);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, admin.id));
    const res = await c.get('/api/loggings/session');
    assert.equal(res.status, 200);
    const cookie = res.headers.getSetCookie().find((x) => x.startsWith('sid='));
    assert.ok(cookie, 'the cookie is sent again');
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    assert.ok(Math.abs(maxAge - 30 * 24 * 3600) <= 60, cookie);
    assert.match(cookie, /HttpOnly/i);
    // Right after, the idle clock is fresh: no cookie again on every request.
    assert.equal((await c.get('/api/loggings/session')).headers.getSetCookie().length, 0);

    const out = await c.post('/api/loggings/logout');
    assert.equal(out.status, 204);
    const cleared = out.headers.getSetCookie().find((x) => x.startsWith('sid='))!;
    assert.match(cleared, /^sid=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    assert.equal(c.hasCookie('sid'), false);
    assert.equal((await c.get('/api/loggings/session')).status, 401);
  });

  test('a parallel burst of wrong passwords: at most 10 get checked, the rest 429 with Retry-After', async () => {
    const s = await startTestServer();
    try {
      const admin = await buildAdmin(s.database.db);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => s.client().post('/api/loggings/loggingIn', { email: admin.email, password: `Mala${i}xyz` })),
      );
      const statuses = results.map((r) => r.status);
      assert.ok(
        statuses.every((x) => x === 401 || x === 429),
        String(statuses),
      );
      assert.ok(statuses.filter((x) => x === 401).length <= 10, String(statuses));
      assert.ok(statuses.includes(429), String(statuses));
      const limited = results.find((r) => r.status === 429)!;
      const retryAfter = Number(limited.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
      // Every attempt of the burst counts, the refused ones too.
      const [counted] = await s.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitEvents)
        .where(eq(rateLimitEvents.key, `login:pair:127.0.0.1 ${admin.email}`));
      assert.equal(counted!.n, 20);
      // Even the right password waits now.
      const right = await s.client().post('/api/loggings/loggingIn', { email: admin.email, password: admin.password });
      assert.equal(right.status, 429);
      assert.ok(Number(right.headers.get('retry-after')) > 0);
    } finally {
      await s.close();
    }
  });

  test('a successful login does not count against its address, and the address is remembered for the account', async () => {
    const s = await startTestServer();
    try {
      const admin = await buildAdmin(s.database.db);
      for (let i = 0; i < 12; i++) await s.client().login(admin.email, admin.password);
      const [row] = await s.database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimitEvents);
      assert.equal(row!.n, 0);
      const known = await s.database.db.select().from(loginAddresses).where(eq(loginAddresses.userId, admin.id));
      assert.deepEqual(
        known.map((k) => k.address),
        ['127.0.0.1'],
      );
    } finally {
      await s.close();
    }
  });

  /** Failed logins for one e-mail, as sent from `forwardedFor` (only a trusted proxy makes that the address). */
  async function failFrom(s: TestServer, forwardedFor: string, times: number, email = 'nadie@example.com'): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const r = await s
        .client()
        .request('POST', '/api/loggings/loggingIn', { email, password: 'Mala1234x' }, { 'x-forwarded-for': forwardedFor });
      statuses.push(r.status);
    }
    return statuses;
  }

  test('behind one trusted proxy (TRUST_PROXY=1) each forwarded address is limited on its own', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      assert.deepEqual(await failFrom(s, '203.0.113.10', 11), [...Array(10).fill(401), 429]);
      assert.deepEqual(await failFrom(s, '203.0.113.11', 1), [401], 'another client behind the proxy is not blocked');
      // Only the hop the proxy added counts: a client cannot pick its address with its own header.
      assert.deepEqual(await failFrom(s, '198.51.100.7, 203.0.113.10', 1), [429]);
    } finally {
      await s.close();
    }
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const s = await startTestServer();
    try {
      assert.deepEqual(await failFrom(s, '203.0.113.20', 10), Array(10).fill(401));
      assert.deepEqual(await failFrom(s, '203.0.113.21', 1), [429], 'the same socket address');
    } finally {
      await s.close();
    }
  });

  test('requests without a body or with the wrong shape answer in Spanish, never zod English', async () => {
    const c = t.client();
    for (const path of ['/api/admin/', '/api/loggings/loggingIn', '/api/loggings/sendEmail', '/api/loggings/tokenToEmail']) {
      const res = await c.request('POST', path);
      assert.equal(res.status, 400, path);
      assert.deepEqual(res.body, { error: { code: 'VALIDATION', message: 'La solicitud no es válida' } }, path);
    }
    const wrongShape = await c.post('/api/loggings/loggingIn', ['x']);
    assert.equal(wrongShape.body.error.message, 'La solicitud no es válida');
    const wrongType = await c.post('/api/admin/', { name: 5, email: 'x@example.com', contact: '3514444444', password: 'Segura123' });
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.error.fields.name, 'Debe completar todos los campos');
    // A bound of the shared schema: its own Spanish message.
    const long = await c.post('/api/loggings/loggingIn', { email: 'x@example.com', password: 'x'.repeat(201) });
    assert.equal(long.status, 400);
    assert.equal(long.body.error.fields.password, 'Es muy largo');
    for (const r of [wrongShape, wrongType, long]) assert.doesNotMatch(r.text, /Invalid|expected|received|Too (small|big)/);
  });
});

describe('login limits: a stranger cannot lock the owner out (API.md §Identity)', () => {
  // Behind one trusted proxy, X-Forwarded-For is the client address. The clock stands still
  // unless a test moves it, and the hasher counts the passwords the server checked.
  let s: TestServer;
  let now: Date;
  const checked = { n: 0 };
  const passwords: PasswordHasher = {
    hash: argon2Hasher.hash,
    verify: (hash, password) => {
      checked.n++;
      return argon2Hasher.verify(hash, password);
    },
  };
  before(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1' }, services: { clock: () => now, passwords } });
  });
  after(() => s.close());
  beforeEach(() => {
    now = new Date('2026-03-02T12:00:00Z');
  });

  const loginFrom = (address: string, email: string, password: string) =>
    s.client().request('POST', '/api/loggings/loggingIn', { email, password }, { 'x-forwarded-for': address });
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  async function failures(address: string, email: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await loginFrom(address, email, `Mala${i}xyz`)).status);
    return statuses;
  }

  test('an attempt that read the clock before the others of its burst recorded theirs waits at most the window', async () => {
    // In a parallel burst each request reads the clock on arrival and records itself later, so one
    // can count events stamped after its own "now". Its Retry-After is still at most 15 minutes.
    const owner = await buildAdmin(s.database.db);
    const arrival = now;
    later(50);
    assert.deepEqual(await failures('203.0.113.9', owner.email, 10), Array(10).fill(401));
    now = arrival;
    const refused = await loginFrom('203.0.113.9', owner.email, owner.password);
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), String(15 * 60));
  });

  test('10 failures for an e-mail from one address refuse that pair, not the e-mail elsewhere nor the address, for 15 minutes', async () => {
    const owner = await buildAdmin(s.database.db);
    const neighbour = await buildAdmin(s.database.db);
    assert.deepEqual(await failures('203.0.113.1', owner.email, 10), Array(10).fill(401));

    const before = checked.n;
    const refused = await loginFrom('203.0.113.1', owner.email, owner.password);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'RATE_LIMITED');
    assert.equal(refused.headers.get('retry-after'), String(15 * 60), 'the clock stood still: a full window');
    assert.equal(checked.n, before, 'refused before the password is checked');

    assert.equal((await loginFrom('203.0.113.2', owner.email, owner.password)).status, 200, 'the e-mail from elsewhere');
    assert.equal((await loginFrom('203.0.113.1', neighbour.email, neighbour.password)).status, 200, 'another e-mail from the address');

    later(15 * 60_000 - 1000);
    assert.equal((await loginFrom('203.0.113.1', owner.email, owner.password)).status, 429, 'still inside the window');
    later(15 * 60_000 + 1000);
    assert.equal((await loginFrom('203.0.113.1', owner.email, owner.password)).status, 200, 'the window has passed');
  });

  test('50 failures from one address, whatever the e-mails, refuse that address only', async () => {
    const user = await buildAdmin(s.database.db);
    // Refused attempts count too: 10 checked and 15 refused per e-mail, 50 failures in all.
    for (const email of ['uno@example.com', 'dos@example.com']) {
      assert.deepEqual(await failures('198.51.100.20', email, 25), [...Array(10).fill(401), ...Array(15).fill(429)]);
    }
    const refused = await loginFrom('198.51.100.20', user.email, user.password);
    assert.equal(refused.status, 429, 'an e-mail never tried from it');
    assert.equal(refused.headers.get('retry-after'), String(15 * 60));
    assert.equal((await loginFrom('198.51.100.21', user.email, user.password)).status, 200, 'from another address');
    assert.equal((await loginFrom('198.51.100.21', 'uno@example.com', 'Mala1234x')).status, 401);
  });

  test('100 failures for an e-mail from many addresses refuse new addresses, never one the owner logged in from', async () => {
    const owner = await buildAdmin(s.database.db);
    assert.equal((await loginFrom('192.0.2.10', owner.email, owner.password)).status, 200, 'the owner, from home');

    // A stranger, from four addresses at once, fails 104 times (10 checked and 16 refused per address).
    const strangers = ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34'];
    const statuses = (await Promise.all(strangers.map((a) => failures(a, owner.email, 26)))).flat();
    assert.ok(
      statuses.every((x) => x === 401 || x === 429),
      String(statuses),
    );
    assert.ok(statuses.filter((x) => x === 401).length <= 40, String(statuses));

    const before = checked.n;
    const unknown = await loginFrom('198.51.100.99', owner.email, owner.password);
    assert.equal(unknown.status, 429, 'an address that never logged into the account is refused, right password or not');
    const wait = Number(unknown.headers.get('retry-after'));
    assert.ok(wait > 15 * 60 && wait <= 60 * 60, `Retry-After ${wait}`);
    assert.equal(checked.n, before, 'refused before the password is checked');

    // The owner, from the address they logged in from before: checked as usual.
    assert.equal((await loginFrom('192.0.2.10', owner.email, 'Equivocada1')).status, 401);
    assert.equal((await loginFrom('192.0.2.10', owner.email, owner.password)).status, 200);
    // An address known for another account does not count for this one.
    const other = await buildAdmin(s.database.db);
    assert.equal((await loginFrom('192.0.2.20', other.email, other.password)).status, 200);
    assert.equal((await loginFrom('192.0.2.20', owner.email, owner.password)).status, 429);

    later(60 * 60_000 + 1000);
    assert.equal((await loginFrom('198.51.100.99', owner.email, owner.password)).status, 200, 'an hour later');
  });

  test('a known address is forgotten a year after its last login, and only then', async () => {
    const owner = await buildAdmin(s.database.db);
    const address = '203.0.113.77';
    assert.equal((await loginFrom(address, owner.email, owner.password)).status, 200);
    const known = () =>
      s.database.db
        .select({ lastLoginAt: loginAddresses.lastLoginAt })
        .from(loginAddresses)
        .where(sql`${loginAddresses.userId} = ${owner.id} and ${loginAddresses.address} = ${address}`);
    assert.deepEqual(await known(), [{ lastLoginAt: now }]);
    later(KNOWN_ADDRESS_TTL_MS);
    await pruneLoginAddresses(s.database.db, now);
    assert.equal((await known()).length, 1, 'exactly a year: still known');
    later(1000);
    await pruneLoginAddresses(s.database.db, now);
    assert.equal((await known()).length, 0, 'a year and a second: forgotten');
  });
});
