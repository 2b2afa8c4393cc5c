import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, isNull } from 'drizzle-orm';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { TestSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, mailOutbox } from '../../db/schema.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';

const PUBLIC_URL = 'https://consorcio.example.com';

/** The Subject header of a received message, unfolded, with RFC 2047 encoded words decoded. */
function subjectOf(mail: ReceivedMail): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith('subject:'));
  return line
    ?.slice('subject:'.length)
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

describe('complaint e-mails: exactly the right people, through the outbox', () => {
  let t: TestServer;
  const smtp = new TestSmtpServer();
  const people: Record<string, { id: number; email: string; name: string; client: HttpClient }> = {};

  const login = async (label: string, row: { id: number; email: string; name: string; password: string }) => {
    const client = t.client();
    await client.login(row.email, row.password);
    people[label] = { id: row.id, email: row.email, name: row.name, client };
  };

  before(async () => {
    await smtp.start();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const db = t.database.db;
    const owner = await buildAdmin(db, { name: 'Marta', email: 'marta@admins.example.com' });
    const building = await buildBuilding(db, owner.id, { name: 'Torre Sol & <Luna>' });
    // A second administrator of the building, a banned one, and another building's administrator.
    const coAdmin = await buildAdmin(db, { name: 'Julio', email: 'julio@admins.example.com' });
    const banned = await buildAdmin(db, { name: 'Baneado', email: 'baneado@admins.example.com', isDeleted: true });
    await db.insert(buildingAdmins).values([
      { userId: coAdmin.id, buildingId: building.id },
      { userId: banned.id, buildingId: building.id },
    ]);
    const stranger = await buildAdmin(db, { name: 'Otra', email: 'otra@admins.example.com' });
    await buildBuilding(db, stranger.id, { name: 'Torre Vecina' });
    const apt = await buildApartment(db, building.id, { numberApartment: '4B' });
    const author = await buildResident(db, apt.id, { name: 'Ana Gómez', email: 'ana@vecinos.example.com' });
    const neighbour = await buildResident(db, (await buildApartment(db, building.id)).id, { email: 'vecino@vecinos.example.com' });
    await login('owner', owner);
    await login('coAdmin', coAdmin);
    await login('author', author);
    people.neighbour = { ...neighbour, client: t.client() };
    people.stranger = { ...stranger, client: t.client() };
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await deliverDueMail(t.app);
    smtp.received.length = 0;
  });

  const recipients = () => smtp.received.flatMap((m) => m.to).sort();
  const emailsOf = (...labels: string[]) => labels.map((l) => people[l]!.email).sort();
  const pending = () => t.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).orderBy(asc(mailOutbox.id));

  async function fileComplaint(subject = 'Pérdida <de> agua') {
    const res = await people.author!.client.post('/api/complaints', {
      date: '2026-03-09',
      subject,
      details: 'Gotea el techo\ndel baño & la cocina',
      importance: 'alta',
    });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: number };
  }

  test("a new complaint: every administrator of the building (not banned ones, not other buildings')", async () => {
    const c = await fileComplaint();
    const rows = await pending();
    assert.deepEqual(rows.map((r) => r.to).sort(), emailsOf('owner', 'coAdmin'), 'queued with the complaint');
    const row = rows.find((r) => r.to === people.owner!.email)!;
    assert.equal(row.subject, 'Nuevo reclamo en Torre Sol & <Luna>: Pérdida <de> agua');
    for (const s of [
      'Hola Marta:',
      'Ana Gómez presentó un reclamo en Torre Sol & <Luna>',
      'Unidad: 4B',
      'Fecha: 09/03/2026',
      'Asunto: Pérdida <de> agua',
      'Importancia: Alta',
      'Gotea el techo\ndel baño & la cocina',
      `${PUBLIC_URL}/complaints`,
    ]) {
      assert.ok(row.text.includes(s), `text has ${JSON.stringify(s)}`);
    }
    for (const s of ['Torre Sol &amp; &lt;Luna&gt;', 'Pérdida &lt;de&gt; agua', 'Gotea el techo<br>del baño &amp; la cocina']) {
      assert.ok(row.html.includes(s), `html has ${s}`);
    }
    assert.ok(!row.html.includes('<Luna>') && !row.html.includes('<de>'), 'html escaped');
    assert.ok(row.html.includes(`href="${PUBLIC_URL}/complaints"`));
    assert.ok(!row.text.includes(`complaintDetail/${c.id}`), 'administrators get their list, not the resident page');

    assert.deepEqual(await deliverDueMail(t.app), { sent: 2, failed: 0 });
    assert.deepEqual(recipients(), emailsOf('owner', 'coAdmin'));
    assert.equal(subjectOf(smtp.received[0]!), 'Nuevo reclamo en Torre Sol & <Luna>: Pérdida <de> agua');
  });

  test("an administrator's reply goes to the author; the author's reply to the building's administrators", async () => {
    const c = await fileComplaint('Ascensor roto');
    await deliverDueMail(t.app);
    smtp.received.length = 0;

    assert.equal((await people.coAdmin!.client.post(`/api/complaints/${c.id}/replies`, { text: 'Mañana viene el técnico' })).status, 201);
    const [toAuthor, ...rest] = await pending();
    assert.equal(rest.length, 0);
    assert.equal(toAuthor!.to, people.author!.email);
    assert.equal(toAuthor!.subject, 'Respuesta a su reclamo en Torre Sol & <Luna>: Ascensor roto');
    const detail = `${PUBLIC_URL}/public/${people.author!.id}/complaintDetail/${c.id}`;
    for (const s of [
      'Hola Ana Gómez:',
      'La administración de Torre Sol & <Luna> respondió su reclamo.',
      'Mañana viene el técnico',
      detail,
    ]) {
      assert.ok(toAuthor!.text.includes(s), `text has ${JSON.stringify(s)}`);
    }
    assert.ok(toAuthor!.html.includes(`href="${detail}"`));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), emailsOf('author'));

    smtp.received.length = 0;
    assert.equal((await people.author!.client.post(`/api/complaints/${c.id}/replies`, { text: 'Gracias, estaré en casa' })).status, 201);
    const toAdmins = await pending();
    assert.deepEqual(toAdmins.map((r) => r.to).sort(), emailsOf('owner', 'coAdmin'));
    for (const row of toAdmins) {
      assert.equal(row.subject, 'Nueva respuesta al reclamo de Torre Sol & <Luna>: Ascensor roto');
      assert.ok(row.text.includes('Ana Gómez respondió'));
      assert.ok(row.text.includes('Gracias, estaré en casa'));
      assert.ok(row.text.includes(`${PUBLIC_URL}/complaints`));
    }
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), emailsOf('owner', 'coAdmin'));
  });

  test('a change of state goes to the author; the same state again sends nothing', async () => {
    const c = await fileComplaint('Portón trabado');
    await deliverDueMail(t.app);
    smtp.received.length = 0;

    assert.equal((await people.owner!.client.put(`/api/complaints/state/${c.id}`, { state: 'closed' })).status, 200);
    const [closed, ...rest] = await pending();
    assert.equal(rest.length, 0);
    assert.equal(closed!.to, people.author!.email);
    assert.equal(closed!.subject, 'Su reclamo en Torre Sol & <Luna> fue cerrado: Portón trabado');
    assert.ok(closed!.text.includes('Estado: Cerrado'));
    assert.ok(closed!.text.includes(`${PUBLIC_URL}/public/${people.author!.id}/complaintDetail/${c.id}`));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), emailsOf('author'));

    smtp.received.length = 0;
    assert.equal((await people.owner!.client.put(`/api/complaints/state/${c.id}`, { state: 'closed' })).status, 200);
    assert.equal((await pending()).length, 0, 'nothing changed, nothing sent');
    assert.equal((await people.owner!.client.put(`/api/complaints/${c.id}`)).status, 200);
    assert.equal((await pending()).length, 0, 'marking it seen sends nothing');

    assert.equal((await people.coAdmin!.client.put(`/api/complaints/state/${c.id}`, { state: 'opened' })).status, 200);
    const [reopened] = await pending();
    assert.equal(reopened!.subject, 'Su reclamo en Torre Sol & <Luna> fue abierto de nuevo: Portón trabado');
    assert.ok(reopened!.text.includes('Estado: Abierto'));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), emailsOf('author'));
  });
});
