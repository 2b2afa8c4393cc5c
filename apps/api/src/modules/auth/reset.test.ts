import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { extractResetToken, TestSmtpServer } from '../../test/smtp.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { mailOutbox, passwordResetTokens, rateLimitEvents } from '../../db/schema.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';

describe('password reset, first login and e-mail delivery', () => {
  let t: TestServer;
  const smtp = new TestSmtpServer();
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  before(async () => {
    await smtp.start();
    t = await startTestServer({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://consorcio.example.com', MAIL_FROM: 'Panel <no-reply@consorcio.example.com>' },
    });
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await t.database.db.delete(rateLimitEvents);
  });

  async function resident(label: string, o: { firstLogging?: boolean } = {}) {
    const db = t.database.db;
    const admin = await buildAdmin(db);
    const building = await buildBuilding(db, admin.id, { name: `Torre ${label}` });
    const apt = await buildApartment(db, building.id);
    return { building, user: await buildResident(db, apt.id, { name: `Vecino ${label}`, firstLogging: o.firstLogging }) };
  }

  test('the reset e-mail arrives with a working single-use link that ends the other sessions', async () => {
    const { user, building } = await resident('Reset');
    const other = t.client();
    await other.login(user.email, user.password);

    const res = await t.client().post('/api/loggings/sendEmail', { email: user.email.toUpperCase() });
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, { message: 'Revise su Correo' });
    assert.deepEqual(await deliverDueMail(t.app), { sent: 1, failed: 0 });

    const [mail] = smtp.to(user.email);
    assert.ok(mail, 'the e-mail arrived');
    assert.match(mail.raw, /Message-ID: <outbox-\d+@consorcio\.example\.com>/i);
    assert.match(mail.raw, /From: Panel <no-reply@consorcio\.example\.com>/);
    assert.match(mail.raw, /Content-Type: text\/plain/);
    assert.match(mail.raw, /Content-Type: text\/html/);
    assert.ok(mail.raw.includes(building.name), 'names the building');
    assert.ok(mail.raw.includes('Panel Administrador'), 'names the product');
    assert.ok(mail.raw.replace(/=\r?\n/g, '').includes('https://consorcio.example.com/logging/restaurarcontrase'));
    const token = extractResetToken(mail.raw)!;
    assert.ok(token);

    const email = await t.client().post('/api/loggings/tokenToEmail', { token });
    assert.deepEqual([email.status, email.body], [200, { email: user.email }]);

    const weak = await t.client().put('/api/loggings/changepassword', { token, newPass: 'sinmayus1' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.error.message, '1 nro, 1 mayus y 1 min');

    const changed = await t.client().put('/api/loggings/changepassword', { token, newPass: 'Nueva2026x' });
    assert.deepEqual([changed.status, changed.body], [200, { message: 'Contraseña cambiada' }]);
    assert.equal((await other.get('/api/loggings/session')).status, 401, 'other sessions ended');
    assert.equal((await t.client().post('/api/loggings/loggingIn', { email: user.email, password: user.password })).status, 401);
    await t.client().login(user.email, 'Nueva2026x');

    // Single use.
    const again = await t.client().put('/api/loggings/changepassword', { token, newPass: 'Otra2026xx' });
    assert.equal(again.status, 404);
    assert.equal(again.body.error.message, 'El enlace no es válido o ya venció. Pida uno nuevo');
    assert.equal((await t.client().post('/api/loggings/tokenToEmail', { token })).status, 404);
  });

  test('an unknown e-mail gets the same answer and no e-mail; a malformed one is 400', async () => {
    const before = smtp.received.length;
    const res = await t.client().post('/api/loggings/sendEmail', { email: 'nadie@example.com' });
    assert.deepEqual([res.status, res.body], [202, { message: 'Revise su Correo' }]);
    await deliverDueMail(t.app);
    assert.equal(smtp.received.length, before);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nadie@example.com'));
    assert.equal(row!.n, 0);

    const bad = await t.client().post('/api/loggings/sendEmail', { email: 'no-es-mail' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.message, 'El correo electronico es invalido');
  });

  test('reset requests are rate-limited per e-mail (429)', async () => {
    const { user } = await resident('Limite');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.client().post('/api/loggings/sendEmail', { email: user.email })).status);
    assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429]);
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) unknown.push((await t.client().post('/api/loggings/sendEmail', { email: 'x-limite@example.com' })).status);
    assert.equal(unknown[5], 429, 'the same limit whether or not the account exists');
    await deliverDueMail(t.app);
  });

  test('an expired token is 404 and cannot change the password', async () => {
    const { user } = await resident('Vencido');
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    await deliverDueMail(t.app);
    const token = extractResetToken(smtp.to(user.email).at(-1)!.raw)!;
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    assert.equal((await t.client().post('/api/loggings/tokenToEmail', { token })).status, 404);
    assert.equal((await t.client().put('/api/loggings/changepassword', { token, newPass: 'Nueva2026x' })).status, 404);
  });

  test('two concurrent uses of one token: exactly one wins', async () => {
    const { user } = await resident('Carrera');
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    await deliverDueMail(t.app);
    const token = extractResetToken(smtp.to(user.email).at(-1)!.raw)!;
    const results = await Promise.all(
      ['Primera2026', 'Segunda2026', 'Tercera2026'].map((p) => t.client().put('/api/loggings/changepassword', { token, newPass: p })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 404, 404]);
  });

  test('first login: only the session and the reset work until a password is chosen', async () => {
    const { user } = await resident('Primero', { firstLogging: true });
    const c = t.client();
    const login = await c.login(user.email, user.password);
    assert.equal(login.body.first_logging, true);
    assert.ok(login.body.resetToken);

    assert.equal((await c.get('/api/loggings/session')).status, 200);
    const blocked = await c.get(`/api/users/${user.id}`);
    assert.equal(blocked.status, 403);
    assert.equal(blocked.body.error.message, 'Antes de continuar debe elegir su contraseña');
    assert.equal((await c.get(`/api/expenses/${user.apartmentId}`)).status, 403);

    const email = await c.post('/api/loggings/tokenToEmail', { token: login.body.resetToken });
    assert.equal(email.body.email, user.email);
    const changed = await c.put('/api/loggings/changepassword', { token: login.body.resetToken, newPass: 'MiClave2026' });
    assert.equal(changed.status, 200);

    // This session stays and is now a normal one.
    const session = await c.get('/api/loggings/session');
    assert.equal(session.body.first_logging, false);
    assert.equal((await c.get(`/api/users/${user.id}`)).status, 200);
    const next = await t.client().login(user.email, 'MiClave2026');
    assert.equal(next.body.resetToken, undefined);
  });

  test('a message queued while SMTP is down is delivered once it comes back', async () => {
    const { user } = await resident('Caido');
    await smtp.stop();
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    const first = await deliverDueMail(t.app);
    assert.deepEqual(first, { sent: 0, failed: 1 });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    assert.equal(row!.status, 'pending');
    assert.equal(row!.attempts, 1);
    assert.ok(row!.lastError);
    assert.ok(row!.nextAttemptAt.getTime() > Date.now(), 'backs off');
    // Not due yet: nothing is tried again right away.
    assert.deepEqual(await deliverDueMail(t.app), { sent: 0, failed: 0 });

    await smtp.start(smtp.port);
    assert.deepEqual(await deliverDueMail(t.app, { now: later(2) }), { sent: 1, failed: 0 });
    assert.equal(smtp.to(user.email).length, 1);
    assert.deepEqual(await deliverDueMail(t.app, { now: later(60) }), { sent: 0, failed: 0 });
    assert.equal(smtp.to(user.email).length, 1, 'sent exactly once');
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    assert.equal(sent!.status, 'sent');
  });

  test('workers draining at the same time send each message once', async () => {
    const db = t.database.db;
    const to = Array.from({ length: 8 }, (_, i) => `lote${i}@example.com`);
    for (const addr of to) await enqueueMail(db, addr, { subject: 'Prueba', html: '<p>Hola</p>', text: 'Hola' });
    const results = await Promise.all([deliverDueMail(t.app), deliverDueMail(t.app), deliverDueMail(t.app)]);
    assert.equal(
      results.reduce((n, r) => n + r.sent, 0),
      8,
    );
    for (const addr of to) assert.equal(smtp.to(addr).length, 1, addr);
  });

  test('a banned user gets no reset e-mail', async () => {
    const db = t.database.db;
    const admin = await buildAdmin(db);
    const building = await buildBuilding(db, admin.id);
    const apt = await buildApartment(db, building.id);
    const banned = await buildResident(db, apt.id, { isDeleted: true });
    const res = await t.client().post('/api/loggings/sendEmail', { email: banned.email });
    assert.equal(res.status, 202);
    await deliverDueMail(t.app);
    assert.equal(smtp.to(banned.email).length, 0);
  });
});
