import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';

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

  test('after 10 failures in 15 minutes the e-mail, then the address, is rate-limited with 429', async () => {
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
      // The address has failed 10 times too: another account from it is refused as well.
      const other = await buildAdmin(s.database.db);
      assert.equal((await c.post('/api/loggings/loggingIn', { email: other.email, password: other.password })).status, 429);
    } finally {
      await s.close();
    }
  });

  test('login validates the e-mail with the Spanish message', async () => {
    const res = await t.client().post('/api/loggings/loggingIn', { email: 'no-es-mail', password: 'x' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.fields.email, 'El correo electronico es incorrecto');
  });
});
