import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, isNull } from 'drizzle-orm';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { TestSmtpServer } from '../../test/smtp.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, mailOutbox } from '../../db/schema.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';

const PUBLIC_URL = 'https://consorcio.example.com';

describe('service proposal e-mails: the building’s administrators, through the outbox', () => {
  let t: TestServer;
  const smtp = new TestSmtpServer();
  let buildingId: number;
  const people: Record<string, { email: string; client: HttpClient }> = {};

  before(async () => {
    await smtp.start();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    const db = t.database.db;
    const owner = await buildAdmin(db, { name: 'Marta', email: 'marta@admins.example.com' });
    const building = await buildBuilding(db, owner.id, { name: 'Torre Sol & <Luna>' });
    buildingId = building.id;
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
    for (const [label, row] of [
      ['owner', owner],
      ['coAdmin', coAdmin],
      ['author', author],
    ] as const) {
      const client = t.client();
      await client.login(row.email, row.password);
      people[label] = { email: row.email, client };
    }
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await deliverDueMail(t.app);
    smtp.received.length = 0;
  });

  const pending = () => t.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).orderBy(asc(mailOutbox.id));

  test("a resident's proposal: every administrator of the building (not banned ones, not other buildings')", async () => {
    const res = await people.author!.client.post('/api/services', {
      title: 'Plomería <Núñez>',
      provider: 'Juan & Hijos',
      enrollment: '4521',
      contact: 'juan@plomeria.example.com',
      detail: 'Destapaciones\nurgencias 24 h',
      buildingId,
    });
    assert.equal(res.status, 201, res.text);
    const rows = await pending();
    assert.deepEqual(rows.map((r) => r.to).sort(), ['julio@admins.example.com', 'marta@admins.example.com'], 'queued with the proposal');
    const row = rows.find((r) => r.to === 'marta@admins.example.com')!;
    assert.equal(row.subject, 'Nuevo servicio propuesto en Torre Sol & <Luna>: Plomería <Núñez>');
    const link = `${PUBLIC_URL}/services?buildingId=${buildingId}&accepted=false`;
    for (const s of [
      'Hola Marta:',
      'Ana Gómez propuso un servicio útil en Torre Sol & <Luna>',
      'Unidad: 4B',
      'Título: Plomería <Núñez>',
      'Proveedor: Juan & Hijos',
      'Matrícula: 4521',
      'Contacto: juan@plomeria.example.com',
      'Destapaciones\nurgencias 24 h',
      link,
    ]) {
      assert.ok(row.text.includes(s), `text has ${JSON.stringify(s)}`);
    }
    for (const s of ['Torre Sol &amp; &lt;Luna&gt;', 'Plomería &lt;Núñez&gt;', 'Juan &amp; Hijos', 'Destapaciones<br>urgencias 24 h']) {
      assert.ok(row.html.includes(s), `html has ${s}`);
    }
    assert.ok(!row.html.includes('<Luna>') && !row.html.includes('<Núñez>'), 'html escaped');
    assert.ok(row.html.includes(`href="${link.replace('&', '&amp;')}"`));

    assert.deepEqual(await deliverDueMail(t.app), { sent: 2, failed: 0 });
    assert.deepEqual(smtp.received.flatMap((m) => m.to).sort(), ['julio@admins.example.com', 'marta@admins.example.com']);
  });

  test("an administrator's own service e-mails nobody; a refused proposal queues nothing", async () => {
    const published = await people.owner!.client.post('/api/services', {
      title: 'Cerrajería',
      provider: 'Llaves SA',
      contact: '3515550000',
      buildingId,
    });
    assert.equal(published.status, 201);
    const invalid = await people.author!.client.post('/api/services', { title: 'X', provider: 'Y', contact: 'nada', buildingId });
    assert.equal(invalid.status, 400);
    assert.equal((await pending()).length, 0);
  });
});
