import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { extractResetToken, TestSmtpServer } from '../../test/smtp.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { mailOutbox, passwordResetTokens, rateLimitEvents } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { argon2Hasher, type PasswordHasher } from '../../lib/password.ts';
import { jobs } from '../../jobs/index.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';
import { CLAIM_MS, claimDueMail, enqueueMail, markFailed, markSent } from '../mail/mail.outbox.ts';

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

  async function resident(label: string, o: { firstLogging?: boolean; db?: Db } = {}) {
    const db = o.db ?? t.database.db;
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
    const responses = [];
    for (let i = 0; i < 6; i++) responses.push(await t.client().post('/api/loggings/sendEmail', { email: user.email }));
    assert.deepEqual(
      responses.map((r) => r.status),
      [202, 202, 202, 202, 202, 429],
    );
    const retryAfter = Number(responses[5]!.headers.get('retry-after'));
    assert.ok(retryAfter > 55 * 60 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
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
    // One instant for both tries, so "not due yet" holds however long the machine stalls between them.
    const tried = new Date();
    const first = await deliverDueMail(t.app, { now: tried });
    assert.deepEqual(first, { sent: 0, failed: 1 });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    assert.equal(row!.status, 'pending');
    assert.equal(row!.attempts, 1);
    assert.ok(row!.lastError);
    assert.ok(row!.nextAttemptAt.getTime() > tried.getTime(), 'backs off');
    // Not due yet: nothing is tried again right away.
    assert.deepEqual(await deliverDueMail(t.app, { now: tried }), { sent: 0, failed: 0 });

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
  const outboxRow = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const outboxTo = (db: Db, to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  test('a new password voids every other link the user was sent; sent e-mails keep no body', async () => {
    const { user } = await resident('DosEnlaces');
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    await deliverDueMail(t.app);
    const [first, second] = smtp.to(user.email).map((m) => extractResetToken(m.raw)!);
    assert.ok(first && second && first !== second);

    // The outbox no longer holds the links.
    const rows = await outboxTo(t.database.db, user.email);
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.status, 'sent');
      assert.equal(row.claimToken, null);
      assert.ok(!JSON.stringify(row).includes(first) && !JSON.stringify(row).includes(second), 'no token at rest');
      assert.deepEqual([row.html, row.text], ['', '']);
    }

    assert.equal((await t.client().put('/api/loggings/changepassword', { token: second, newPass: 'Nueva2026x' })).status, 200);
    assert.equal((await t.client().post('/api/loggings/tokenToEmail', { token: first })).status, 404);
    assert.equal((await t.client().put('/api/loggings/changepassword', { token: first, newPass: 'Otra2026xx' })).status, 404);
    await t.client().login(user.email, 'Nueva2026x');
  });

  test('a newer first-login token voids the earlier one', async () => {
    const { user } = await resident('Reingreso', { firstLogging: true });
    const older = (await t.client().login(user.email, user.password)).body.resetToken;
    const newer = (await t.client().login(user.email, user.password)).body.resetToken;
    assert.ok(older && newer && older !== newer);
    assert.equal((await t.client().post('/api/loggings/tokenToEmail', { token: older })).status, 404);
    assert.equal((await t.client().put('/api/loggings/changepassword', { token: older, newPass: 'MiClave2026' })).status, 404);
    assert.equal((await t.client().post('/api/loggings/tokenToEmail', { token: newer })).status, 200);
  });

  test('a short or mangled token is the same 404 as an unknown one', async () => {
    for (const token of ['abc', '', 'x'.repeat(300)]) {
      const res = await t.client().post('/api/loggings/tokenToEmail', { token });
      assert.equal(res.status, 404, token);
      assert.equal(res.body.error.message, 'El enlace no es válido o ya venció. Pida uno nuevo');
      assert.equal((await t.client().put('/api/loggings/changepassword', { token, newPass: 'Nueva2026x' })).status, 404);
    }
  });

  test('a reset e-mail that could not go out before its link expired is not sent', async () => {
    const { user } = await resident('Tarde');
    await t.client().post('/api/loggings/sendEmail', { email: user.email });
    await deliverDueMail(t.app, { now: later(61) });
    assert.equal(smtp.to(user.email).length, 0);
    const [row] = await outboxTo(t.database.db, user.email);
    assert.equal(row!.status, 'failed');
    assert.deepEqual([row!.html, row!.text], ['', '']);
  });

  test('SMTP "try later" (4xx) is retried without end at the capped backoff; a 5xx refusal fails for good', async () => {
    const to = 'transitorio@example.com';
    const id = await enqueueMail(t.database.db, to, { subject: 'Aviso', html: '<p>secreto-123</p>', text: 'secreto-123' });
    try {
      smtp.reject = { code: 451, message: 'Try again later' };
      await deliverDueMail(t.app);
      let row = await outboxRow(id);
      assert.deepEqual([row.status, row.attempts], ['pending', 1]);
      assert.match(row.lastError ?? '', /451/);

      // Hours of outage later, far past any attempt count: still waiting, retried hourly.
      await t.database.db.update(mailOutbox).set({ attempts: 40 }).where(eq(mailOutbox.id, id));
      const at = later(120);
      await deliverDueMail(t.app, { now: at });
      row = await outboxRow(id);
      assert.deepEqual([row.status, row.attempts], ['pending', 41]);
      assert.equal(row.nextAttemptAt.getTime() - at.getTime(), 60 * 60_000);
      assert.equal(row.text, 'secreto-123', 'kept until it goes out');

      smtp.reject = { code: 550, message: 'No such user' };
      await deliverDueMail(t.app, { now: later(200) });
      row = await outboxRow(id);
      assert.equal(row.status, 'failed');
      assert.match(row.lastError ?? '', /550/);
      assert.deepEqual([row.html, row.text], ['', '']);
    } finally {
      smtp.reject = null;
    }
    await deliverDueMail(t.app, { now: later(400) });
    assert.equal(smtp.to(to).length, 0, 'a failed message is not retried');
    assert.equal((await outboxRow(id)).status, 'failed');
  });

  test('a claim that ran out and was taken over cannot be marked by the first worker', async () => {
    const db = t.database.db;
    const id = await enqueueMail(db, 'reclamo@example.com', { subject: 'Aviso', html: '<p>Hola</p>', text: 'Hola' });
    const now = new Date();
    const mine = (await claimDueMail(db, now, 50)).find((r) => r.id === id)!;
    assert.ok(mine.claimToken);
    assert.equal(
      (await claimDueMail(db, now, 50)).find((r) => r.id === id),
      undefined,
      'leased',
    );
    const theirs = (await claimDueMail(db, new Date(now.getTime() + CLAIM_MS + 1000), 50)).find((r) => r.id === id)!;
    assert.ok(theirs && theirs.claimToken !== mine.claimToken);

    assert.equal(await markSent(db, mine, new Date()), false);
    assert.equal(await markFailed(db, mine, new Date(), 'timeout', true), false);
    let row = await outboxRow(id);
    assert.deepEqual([row.status, row.attempts, row.claimToken], ['pending', 0, theirs.claimToken]);
    assert.equal(await markSent(db, theirs, new Date()), true);
    row = await outboxRow(id);
    assert.deepEqual([row.status, row.attempts], ['sent', 1]);
  });

  test('a worker does not send a row of its batch that another worker took over while it was busy', async () => {
    const db = t.database.db;
    const slow = await enqueueMail(db, 'lento@example.com', { subject: 'Uno', html: '<p>1</p>', text: '1' });
    const next = await enqueueMail(db, 'siguiente@example.com', { subject: 'Dos', html: '<p>2</p>', text: '2' });
    const hold = smtp.holdNext();
    const first = deliverDueMail(t.app);
    await hold.arrived;
    // The first worker is stuck sending `slow`; the lease of `next`, waiting in its batch, runs out.
    await db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, next));
    assert.deepEqual(await deliverDueMail(t.app), { sent: 1, failed: 0 });
    hold.release();
    assert.deepEqual(await first, { sent: 1, failed: 0 });
    assert.equal(smtp.to('lento@example.com').length, 1);
    assert.equal(smtp.to('siguiente@example.com').length, 1, 'sent once, by the worker that held it');
    assert.equal((await outboxRow(slow)).status, 'sent');
    assert.equal((await outboxRow(next)).status, 'sent');
  });

  test('sent messages are deleted after 30 days by the job', async () => {
    const db = t.database.db;
    const old = await enqueueMail(db, 'viejo@example.com', { subject: 'Viejo', html: '', text: '' });
    const recent = await enqueueMail(db, 'reciente@example.com', { subject: 'Reciente', html: '', text: '' });
    const pending = await enqueueMail(db, 'pendiente@example.com', { subject: 'Pendiente', html: '', text: '' });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(mailOutbox.id, old));
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, recent));
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: later(60 * 24) })
      .where(eq(mailOutbox.id, pending));
    await jobs.find((j) => j.name === 'prune-mail')!.run(t.app);
    const left = (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    assert.ok(!left.includes(old));
    assert.ok(left.includes(recent) && left.includes(pending));
  });

  test('a message queued while SMTP is down is delivered by a new app instance after a restart', async () => {
    const store = await createTestDatabase();
    const mail = new TestSmtpServer();
    await mail.start();
    await mail.stop(); // its port, with nobody listening yet
    const env = { SMTP_URL: mail.url, PUBLIC_URL: 'https://consorcio.example.com' };
    try {
      const before = await startTestServer({ database: store, env });
      let email: string;
      try {
        const { user } = await resident('Reinicio', { db: before.database.db });
        email = user.email;
        assert.equal((await before.client().post('/api/loggings/sendEmail', { email })).status, 202);
        assert.deepEqual(await deliverDueMail(before.app), { sent: 0, failed: 1 });
      } finally {
        await before.close();
      }

      await mail.start(mail.port);
      const after = await startTestServer({ database: store, env });
      try {
        assert.deepEqual(await deliverDueMail(after.app, { now: later(2) }), { sent: 1, failed: 0 });
        assert.equal(mail.to(email).length, 1);
        const token = extractResetToken(mail.to(email)[0]!.raw)!;
        assert.deepEqual((await after.client().post('/api/loggings/tokenToEmail', { token })).body, { email });
      } finally {
        await after.close();
      }
    } finally {
      await mail.stop();
      await store.drop();
    }
  });

  test('without SMTP_URL the e-mail, link included, is written to the log', async () => {
    const s = await startTestServer({ captureLogs: true });
    try {
      const { user } = await resident('Log', { db: s.database.db });
      await s.client().post('/api/loggings/sendEmail', { email: user.email });
      assert.deepEqual(await deliverDueMail(s.app), { sent: 1, failed: 0 });
      const entry = s.logs.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string } }).find((l) => l.mail?.to === user.email);
      assert.ok(entry, 'logged');
      assert.match(entry.msg, /http:\/\/localhost:0\/logging\/restaurarcontraseña\?[A-Za-z0-9_-]{40,}/);
      assert.ok(entry.msg.includes(`Hola ${user.name}`));
    } finally {
      await s.close();
    }
  });

  test('the reset token and its e-mail commit or roll back together', async () => {
    const s = await startTestServer();
    try {
      const db = s.database.db;
      const { user } = await resident('Atomico', { db });
      const tokensOf = () => db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));

      await db.execute(sql`alter table mail_outbox add constraint no_mail check (false) not valid`);
      assert.equal((await s.client().post('/api/loggings/sendEmail', { email: user.email })).status, 500);
      assert.equal((await tokensOf()).length, 0, 'no token without its e-mail');
      await db.execute(sql`alter table mail_outbox drop constraint no_mail`);

      await db.execute(sql`alter table password_reset_tokens add constraint no_token check (false) not valid`);
      assert.equal((await s.client().post('/api/loggings/sendEmail', { email: user.email })).status, 500);
      assert.equal((await outboxTo(db, user.email)).length, 0, 'no e-mail without its token');
      await db.execute(sql`alter table password_reset_tokens drop constraint no_token`);

      assert.equal((await s.client().post('/api/loggings/sendEmail', { email: user.email })).status, 202);
      assert.equal((await tokensOf()).length, 1);
      assert.equal((await outboxTo(db, user.email)).length, 1);
    } finally {
      await s.close();
    }
  });
});

describe('reset calls: limited per client address, and a dead token costs no hash', () => {
  // Behind one trusted proxy, X-Forwarded-For is the client address. The clock stands still
  // unless a test moves it, and the hasher counts the passwords the server hashed.
  let s: TestServer;
  let now: Date;
  const hashed = { n: 0 };
  const passwords: PasswordHasher = {
    hash: (password) => {
      hashed.n++;
      return argon2Hasher.hash(password);
    },
    verify: argon2Hasher.verify,
  };
  before(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1' }, services: { clock: () => now, passwords } });
  });
  after(() => s.close());
  beforeEach(() => {
    now = new Date('2026-03-02T12:00:00Z');
  });

  const from = (address: string, method: string, path: string, body: unknown) =>
    s.client().request(method, path, body, { 'x-forwarded-for': address });
  const deadToken = () => randomBytes(32).toString('base64url');

  /** A first-login resident and the reset token their login handed out. */
  async function firstLogin(address: string) {
    const db = s.database.db;
    const admin = await buildAdmin(db);
    const apt = await buildApartment(db, (await buildBuilding(db, admin.id)).id);
    const user = await buildResident(db, apt.id, { firstLogging: true });
    const login = await from(address, 'POST', '/api/loggings/loggingIn', { email: user.email, password: user.password });
    assert.equal(login.status, 200);
    return { user, token: login.body.resetToken as string };
  }

  test('changepassword checks the token before it hashes the new password', async () => {
    const { user, token } = await firstLogin('203.0.113.40');
    const [used, expired] = [await firstLogin('203.0.113.40'), await firstLogin('203.0.113.40')];
    assert.equal(
      (await from('203.0.113.40', 'PUT', '/api/loggings/changepassword', { token: used.token, newPass: 'Nueva2026x' })).status,
      200,
    );
    await s.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, expired.user.id));

    const before = hashed.n;
    for (const dead of [deadToken(), 'abc', '', used.token, expired.token]) {
      const res = await from('203.0.113.40', 'PUT', '/api/loggings/changepassword', { token: dead, newPass: 'Nueva2026x' });
      assert.equal(res.status, 404, dead);
    }
    assert.equal(hashed.n, before, 'no dead token cost a hash');

    const ok = await from('203.0.113.40', 'PUT', '/api/loggings/changepassword', { token, newPass: 'Nueva2026x' });
    assert.equal(ok.status, 200);
    assert.equal(hashed.n, before + 1, 'the live token: one hash');
    await s.client().login(user.email, 'Nueva2026x');
  });

  test('a burst of dead tokens from one address gets 429 with Retry-After; other addresses and later calls go through', async () => {
    const { user, token } = await firstLogin('203.0.113.50');
    const before = hashed.n;
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        from('198.51.100.50', 'PUT', '/api/loggings/changepassword', { token: deadToken(), newPass: 'Nueva2026x' }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    assert.ok(
      statuses.every((x) => x === 404 || x === 429),
      String(statuses),
    );
    assert.ok(statuses.filter((x) => x === 404).length <= 20, String(statuses));
    assert.ok(statuses.includes(429), String(statuses));
    const limited = burst.find((r) => r.status === 429)!;
    assert.equal(limited.body.error.code, 'RATE_LIMITED');
    assert.equal(limited.headers.get('retry-after'), String(15 * 60), 'the clock stood still: a full window');
    assert.equal(hashed.n, before, 'the burst cost no hash');
    // The two token calls share the limit; even a live token waits from that address.
    assert.equal((await from('198.51.100.50', 'POST', '/api/loggings/tokenToEmail', { token })).status, 429);
    assert.equal((await from('198.51.100.50', 'PUT', '/api/loggings/changepassword', { token, newPass: 'Nueva2026x' })).status, 429);

    // Another address is not affected, and calls with a live token do not count.
    const email = await from('198.51.100.51', 'POST', '/api/loggings/tokenToEmail', { token });
    assert.deepEqual([email.status, email.body], [200, { email: user.email }]);
    assert.equal((await from('198.51.100.51', 'PUT', '/api/loggings/changepassword', { token, newPass: 'Nueva2026x' })).status, 200);
    const [left] = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.key, 'reset:token:ip:198.51.100.51'));
    assert.equal(left!.n, 0);

    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    assert.equal(
      (await from('198.51.100.50', 'POST', '/api/loggings/tokenToEmail', { token: deadToken() })).status,
      404,
      'the window has passed',
    );
  });

  test('tokenToEmail alone is limited too: 20 dead tokens, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await from('198.51.100.60', 'POST', '/api/loggings/tokenToEmail', { token: deadToken() })).status);
    }
    assert.deepEqual(statuses, [...Array(20).fill(404), 429]);
  });

  test('sendEmail is limited per client address: 20 an hour, whatever the e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await from('198.51.100.70', 'POST', '/api/loggings/sendEmail', { email: `pide${i}@example.com` })).status);
    }
    assert.deepEqual(statuses, [...Array(20).fill(202), 429]);
    assert.equal((await from('198.51.100.71', 'POST', '/api/loggings/sendEmail', { email: 'pide0@example.com' })).status, 202);
  });
});
