import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, isNull } from 'drizzle-orm';
import { todayIso } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { TestSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { mailOutbox, subscriptions } from '../../db/schema.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';
import { userIdFromUnsubscribeToken } from '../subscriptions/unsubscribe-links.ts';

const PUBLIC_URL = 'https://consorcio.example.com';

/** A header of a received message, unfolded, with RFC 2047 encoded words decoded. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1'), 'latin1')
            .toString()
            .replace(/(%[0-9A-F]{2})+/gi, (s) => decodeURIComponent(s)),
    );
}

describe('alert notices: who is told, what they read, how they leave', () => {
  let t: TestServer;
  const smtp = new TestSmtpServer();
  let admin: HttpClient;
  let buildingId: number;
  let otherBuildingId: number;
  const people: Record<string, { id: number; email: string; name: string }> = {};
  const date = '2031-07-15';

  const resident = async (label: string, b: number, o: { isDeleted?: boolean } = {}) => {
    const db = t.database.db;
    const apt = await buildApartment(db, b);
    const u = await buildResident(db, apt.id, { name: `Vecino ${label}`, email: `${label}@vecinos.example.com`, ...o });
    people[label] = { id: u.id, email: u.email, name: u.name };
    return u;
  };
  const subscribe = (userId: number, alerts: 'all' | 'important') => t.database.db.insert(subscriptions).values({ userId, alerts });

  before(async () => {
    await smtp.start();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const db = t.database.db;
    const adminRow = await buildAdmin(db);
    admin = t.client();
    await admin.login(adminRow.email, adminRow.password);
    const building = await buildBuilding(db, adminRow.id, { name: 'Torre Sol & <Luna>' });
    const other = await buildBuilding(db, adminRow.id, { name: 'Torre Vecina' });
    buildingId = building.id;
    otherBuildingId = other.id;
    await subscribe((await resident('todas', building.id)).id, 'all');
    await subscribe((await resident('importantes', building.id)).id, 'important');
    await resident('sinsuscripcion', building.id);
    await subscribe((await resident('bloqueado', building.id, { isDeleted: true })).id, 'all');
    await subscribe((await resident('otroedificio', other.id)).id, 'all');
    // An administrator with a subscription row (never made by the API) is not a resident of the building.
    await subscribe(adminRow.id, 'all');
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await deliverDueMail(t.app);
    smtp.received.length = 0;
  });

  const body = (o: Record<string, unknown> = {}) => ({
    building: buildingId,
    date,
    concept: 'Corte de agua',
    details: 'De 9 a 13 <b>sin</b> agua & sin ascensor',
    importance: 'alta',
    ...o,
  });
  const recipients = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to).sort();
  const emailsOf = (...labels: string[]) => labels.map((l) => people[l]!.email).sort();
  /** Outbox rows not sent yet, oldest first. */
  const pending = () => t.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).orderBy(asc(mailOutbox.id));

  test('all subscribers get every alert, important ones alta and media; never a banned user, a non-subscriber or another building', async () => {
    for (const [importance, expected] of [
      ['alta', ['todas', 'importantes']],
      ['media', ['todas', 'importantes']],
      ['baja', ['todas']],
    ] as const) {
      smtp.received.length = 0;
      const res = await admin.post('/api/alerts', body({ importance }));
      assert.equal(res.status, 201);
      assert.equal((await pending()).length, expected.length, `${importance}: queued with the alert`);
      assert.deepEqual(await deliverDueMail(t.app), { sent: expected.length, failed: 0 });
      assert.deepEqual(recipients(smtp.received), emailsOf(...expected), importance);
    }
    // The other building's subscriber hears about their own building only.
    smtp.received.length = 0;
    assert.equal((await admin.post('/api/alerts', body({ building: otherBuildingId, importance: 'baja' }))).status, 201);
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(smtp.received), emailsOf('otroedificio'));
  });

  test('the notice: Spanish subject, text and escaped HTML with the building, the alert, the calendar and unsubscribe links', async () => {
    const res = await admin.post(
      '/api/alerts',
      body({ concept: 'Corte <de> agua\n"urgente"', details: 'De 9 a 13 <b>sin</b> agua\n& sin ascensor', importance: 'media' }),
    );
    assert.equal(res.status, 201);
    const rows = await pending();
    assert.deepEqual(rows.map((r) => r.to).sort(), emailsOf('todas', 'importantes'));
    const row = rows.find((r) => r.to === people.todas!.email)!;
    assert.equal(row.subject, 'Alerta de Torre Sol & <Luna>: Corte <de> agua "urgente" (15/07/2031)', 'one line');

    const me = people.todas!;
    assert.ok(row.text.startsWith(`Hola ${me.name}:`));
    for (const s of [
      'Torre Sol & <Luna>',
      'Fecha: 15/07/2031',
      'Concepto: Corte <de> agua\n"urgente"',
      'Importancia: Media',
      'De 9 a 13 <b>sin</b> agua\n& sin ascensor',
      `${PUBLIC_URL}/public/${me.id}/calendar`,
      `${PUBLIC_URL}/desuscribir?token=`,
      'TODAS las alertas',
    ]) {
      assert.ok(row.text.includes(s), `text has ${JSON.stringify(s)}`);
    }
    assert.ok(rows.find((r) => r.to === people.importantes!.email)!.text.includes('alertas IMPORTANTES'));

    for (const s of [
      'Torre Sol &amp; &lt;Luna&gt;',
      'Corte &lt;de&gt; agua',
      '&quot;urgente&quot;',
      '&lt;b&gt;sin&lt;/b&gt; agua<br>&amp; sin',
      '15/07/2031',
    ]) {
      assert.ok(row.html.includes(s), `html has ${s}`);
    }
    for (const s of ['<Luna>', '<de>', '<b>sin</b>']) assert.ok(!row.html.includes(s), `html escapes ${s}`);
    assert.ok(row.html.includes(`href="${PUBLIC_URL}/public/${me.id}/calendar"`));
    assert.ok(row.html.includes(`${PUBLIC_URL}/desuscribir?token=`));

    // Each recipient's own signed token, for their own user.
    const oneClick = /^<(.+)>$/.exec(row.headers!['List-Unsubscribe']!)![1]!;
    assert.ok(oneClick.startsWith(`${PUBLIC_URL}/api/subscriptions/unsubscribe?token=`));
    const token = decodeURIComponent(new URL(oneClick).searchParams.get('token')!);
    assert.equal(userIdFromUnsubscribeToken(t.app.links, token), me.id);
    assert.equal(row.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.ok(row.text.includes(new URL(oneClick).search), 'the page link carries the same token');

    // What arrives at the SMTP server: the RFC 8058 headers and the subject.
    await deliverDueMail(t.app);
    const [mail] = smtp.to(me.email);
    assert.ok(mail);
    assert.equal(header(mail, 'List-Unsubscribe'), `<${oneClick}>`);
    assert.equal(header(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    assert.equal(header(mail, 'Subject'), row.subject);
    assert.match(mail.raw, /Content-Type: text\/plain/);
    assert.match(mail.raw, /Content-Type: text\/html/);
  });

  test('an edit notifies again, marked "Fe de erratas"', async () => {
    const created = await admin.post('/api/alerts', body({ importance: 'baja', concept: 'Asamblea' }));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(smtp.received), emailsOf('todas'));
    assert.ok(!header(smtp.received[0]!, 'Subject')!.includes('Fe de erratas'));

    smtp.received.length = 0;
    const put = await admin.put('/api/alerts', {
      id: created.body.id,
      ...body({ importance: 'alta', concept: 'Asamblea', date: '2031-07-16' }),
    });
    assert.equal(put.status, 200);
    const rows = await pending();
    assert.equal(rows.length, 2);
    for (const r of rows) {
      assert.equal(r.subject, 'Fe de erratas: Alerta de Torre Sol & <Luna>: Asamblea (16/07/2031)');
      assert.ok(r.text.includes('Fe de erratas: la administración corrigió esta alerta'));
      assert.ok(r.text.includes('Fecha: 16/07/2031'));
      assert.ok(r.html.includes('Fe de erratas'));
    }
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(smtp.received), emailsOf('todas', 'importantes'), 'now alta: important subscribers too');
    assert.ok(smtp.received.every((m) => header(m, 'Subject')!.startsWith('Fe de erratas: ')));

    // Moved to the other building: its subscribers are told.
    smtp.received.length = 0;
    await admin.put('/api/alerts', { id: created.body.id, ...body({ building: otherBuildingId }) });
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(smtp.received), emailsOf('otroedificio'));
  });

  test('sendEmail queues the notices again and answers how many; a deleted alert sends nothing', async () => {
    const created = await admin.post('/api/alerts', body({ importance: 'media' }));
    await deliverDueMail(t.app);
    smtp.received.length = 0;

    const again = await admin.post('/api/alerts/sendEmail', { id: created.body.id });
    assert.equal(again.status, 202);
    assert.deepEqual(again.body, { queued: 2 });
    assert.deepEqual(await deliverDueMail(t.app), { sent: 2, failed: 0 });
    assert.deepEqual(recipients(smtp.received), emailsOf('todas', 'importantes'));
    assert.ok(smtp.received.every((m) => !header(m, 'Subject')!.includes('Fe de erratas')));

    smtp.received.length = 0;
    assert.equal((await admin.delete(`/api/alerts/${created.body.id}`)).status, 204);
    assert.equal((await admin.post('/api/alerts/sendEmail', { id: created.body.id })).status, 404);
    assert.equal((await pending()).length, 0);
    await deliverDueMail(t.app);
    assert.equal(smtp.received.length, 0);
  });

  test('no subscribers: nothing is queued; a refused alert queues nothing either', async () => {
    const db = t.database.db;
    const lonely = await buildBuilding(db, (await buildAdmin(db)).id);
    const c = t.client();
    const owner = await buildAdmin(db);
    await c.login(owner.email, owner.password);
    const b = await buildBuilding(db, owner.id);
    await buildResident(db, (await buildApartment(db, b.id)).id);
    const res = await c.post('/api/alerts', { ...body(), building: b.id });
    assert.equal(res.status, 201);
    assert.deepEqual((await c.post('/api/alerts/sendEmail', { id: res.body.id })).body, { queued: 0 });

    assert.equal((await admin.post('/api/alerts', body({ date: '2020-01-01' }))).status, 400);
    assert.equal((await admin.post('/api/alerts', body({ date: todayIso(), building: lonely.id }))).status, 404);
    assert.equal((await pending()).length, 0);
  });

  test('one-click unsubscribe from the received List-Unsubscribe header (RFC 8058, no session) stops further notices', async () => {
    await subscribe((await resident('sebaja', buildingId)).id, 'all');
    await admin.post('/api/alerts', body({ importance: 'baja', concept: 'Antes' }));
    await deliverDueMail(t.app);
    const [mail] = smtp.to(people.sebaja!.email);
    assert.ok(mail, 'the notice arrived');
    const link = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe')!)![1]!;
    // What a mail provider does: POST the header's URL with the one-click body, no cookie, no token header.
    const url = link.replace(PUBLIC_URL, t.baseUrl);
    const oneClick = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    const first = await oneClick();
    assert.equal(first.status, 200, await first.clone().text());
    assert.deepEqual(await first.json(), { unsubscribed: true });
    assert.equal((await oneClick()).status, 200, 'idempotent');

    smtp.received.length = 0;
    await admin.post('/api/alerts', body({ importance: 'alta', concept: 'Después' }));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(smtp.received), emailsOf('todas', 'importantes'), 'everyone but the one who left');
  });
});
