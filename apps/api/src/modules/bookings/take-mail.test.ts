import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, isNull } from 'drizzle-orm';
import { NO_RULES, type AmenityRules } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amenities, bookings, buildingAdmins, mailOutbox, users } from '../../db/schema.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { TestSmtpServer } from '../../test/smtp.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';

const PUBLIC_URL = 'https://consorcio.example.com';
/** The server's clock: Tuesday 10/03/2026, 12:00 in Argentina. */
const NOW = new Date('2026-03-10T15:00:00Z');

async function buildAmenity(db: DbOrTx, buildingId: number, o: { type: string; rules?: Partial<AmenityRules> }) {
  const [row] = await db
    .insert(amenities)
    .values({ buildingId, amenityType: o.type, rules: { ...NO_RULES, ...o.rules } })
    .returning();
  return row!;
}

async function buildSlot(db: DbOrTx, amenityId: number, start: string, finish: string, seat = 1) {
  const [row] = await db.insert(bookings).values({ amenityId, start, finish, seat }).returning({ id: bookings.id });
  return row!.id;
}

describe('booking e-mails: a confirmation to exactly the resident, through the outbox', () => {
  let t: TestServer;
  const smtp = new TestSmtpServer();
  let amenityId: number;
  let strictAmenityId: number;
  const people: Record<string, { id: number; email: string; name: string; client: HttpClient }> = {};

  before(async () => {
    await smtp.start();
    t = await startTestServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL }, services: { clock: () => NOW } });
    const db = t.database.db;
    const owner = await buildAdmin(db, { name: 'Marta', email: 'marta@admins.example.com' });
    const building = await buildBuilding(db, owner.id, { name: 'Torre Sol & <Luna>' });
    const coAdmin = await buildAdmin(db, { name: 'Julio', email: 'julio@admins.example.com' });
    await db.insert(buildingAdmins).values({ userId: coAdmin.id, buildingId: building.id });
    const apt = await buildApartment(db, building.id, { numberApartment: '4B' });
    const ana = await buildResident(db, apt.id, { name: 'Ana Gómez', email: 'ana@vecinos.example.com' });
    const flatmate = await buildResident(db, apt.id, { name: 'Tito Gómez', email: 'tito@vecinos.example.com' });
    const neighbour = await buildResident(db, (await buildApartment(db, building.id)).id, { email: 'vecino@vecinos.example.com' });
    for (const [label, row] of Object.entries({ owner, coAdmin, ana, flatmate, neighbour })) {
      const client = t.client();
      await client.login(row.email, row.password);
      people[label] = { id: row.id, email: row.email, name: row.name, client };
    }
    amenityId = (await buildAmenity(db, building.id, { type: 'Parrilla' })).id;
    strictAmenityId = (await buildAmenity(db, building.id, { type: 'Quincho', rules: { maxPerWeek: 1 } })).id;
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
  const recipients = () => smtp.received.flatMap((m) => m.to).sort();
  const take = (who: string, slot: number, forWhom = who) =>
    people[who]!.client.put(`/api/bookings/takeBooking/${slot}/${people[forWhom]!.id}`, {});
  const cancel = (who: string, slot: number) => people[who]!.client.put(`/api/bookings/cancelBooking/${slot}`, {});
  const bookingsLink = (label: string) => `${PUBLIC_URL}/public/${people[label]!.id}/Bookings`;

  test('a booking: its confirmation to the resident only, with amenity, building, date, time and link', async () => {
    const slot = await buildSlot(t.database.db, amenityId, '2026-03-14T20:00', '2026-03-14T22:30');
    assert.equal((await take('ana', slot)).status, 200);
    const rows = await pending();
    assert.deepEqual(
      rows.map((r) => r.to),
      [people.ana!.email],
      'queued with the booking, to Ana alone',
    );
    const [row] = rows;
    assert.equal(row!.subject, 'Reserva confirmada: Parrilla el 14/03/2026 de 20:00–22:30');
    for (const s of [
      'Hola Ana Gómez:',
      'Su reserva en Torre Sol & <Luna> está confirmada:',
      'Amenity: Parrilla',
      'Edificio: Torre Sol & <Luna>',
      'Fecha: 14/03/2026',
      'Horario: 20:00–22:30',
      `Ver mis reservas: ${bookingsLink('ana')}`,
    ]) {
      assert.ok(row!.text.includes(s), `text has ${JSON.stringify(s)}`);
    }
    assert.ok(row!.html.includes('Torre Sol &amp; &lt;Luna&gt;') && !row!.html.includes('<Luna>'), 'html escaped');
    assert.ok(row!.html.includes(`href="${bookingsLink('ana')}"`));

    assert.deepEqual(await deliverDueMail(t.app), { sent: 1, failed: 0 });
    assert.deepEqual(recipients(), [people.ana!.email]);
    assert.ok(smtp.received[0]!.raw.includes('14/03/2026'));
  });

  test("the resident's cancellation: a confirmation to them; cancelling again sends nothing", async () => {
    const slot = await buildSlot(t.database.db, amenityId, '2026-03-15T10:00', '2026-03-15T11:00');
    assert.equal((await take('ana', slot)).status, 200);
    await deliverDueMail(t.app);
    smtp.received.length = 0;

    assert.equal((await cancel('ana', slot)).status, 200);
    const [row, ...rest] = await pending();
    assert.equal(rest.length, 0);
    assert.equal(row!.to, people.ana!.email);
    assert.equal(row!.subject, 'Reserva cancelada: Parrilla el 15/03/2026 de 10:00–11:00');
    assert.ok(row!.text.includes('Su reserva en Torre Sol & <Luna> fue cancelada:'));
    assert.ok(row!.text.includes(bookingsLink('ana')));
    assert.equal((await cancel('ana', slot)).status, 200);
    assert.equal((await pending()).length, 1, 'already cancelled: nothing more');
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), [people.ana!.email]);
  });

  test('an administrator books for a resident and cancels: each time the resident hears it, no administrator does', async () => {
    const slot = await buildSlot(t.database.db, amenityId, '2026-03-16T18:00', '2026-03-16T19:00');
    assert.equal((await take('owner', slot, 'neighbour')).status, 200);
    const [booked] = await pending();
    assert.equal(booked!.to, people.neighbour!.email);
    assert.ok(booked!.text.includes('La administración de Torre Sol & <Luna> reservó para usted este turno:'));
    assert.ok(booked!.text.includes(bookingsLink('neighbour')));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), [people.neighbour!.email]);

    smtp.received.length = 0;
    assert.equal((await cancel('coAdmin', slot)).status, 200);
    const [cancelled, ...rest] = await pending();
    assert.equal(rest.length, 0);
    assert.equal(cancelled!.to, people.neighbour!.email);
    assert.ok(cancelled!.text.includes('La administración de Torre Sol & <Luna> canceló su reserva:'));
    await deliverDueMail(t.app);
    assert.deepEqual(recipients(), [people.neighbour!.email]);

    // A free slot cancelled by an administrator has nobody to tell.
    const free = await buildSlot(t.database.db, amenityId, '2026-03-16T20:00', '2026-03-16T21:00');
    assert.equal((await cancel('owner', free)).status, 200);
    assert.equal((await pending()).length, 0);
  });

  test("an administrator's change of a slot's state tells the resident who gains or loses an upcoming booking", async () => {
    const db = t.database.db;
    const setSlot = (slot: number, body: object) => people.owner!.client.put(`/api/bookings/${slot}`, body);
    const slot = await buildSlot(db, amenityId, '2026-03-18T12:00', '2026-03-18T14:00');

    assert.equal((await setSlot(slot, { status: 'booked', userId: people.ana!.id })).status, 200);
    const [booked, ...more] = await pending();
    assert.equal(more.length, 0);
    assert.equal(booked!.to, people.ana!.email);
    assert.equal(booked!.subject, 'Reserva confirmada: Parrilla el 18/03/2026 de 12:00–14:00');
    assert.ok(booked!.text.includes('La administración de Torre Sol & <Luna> reservó para usted este turno:'));
    await deliverDueMail(t.app);
    assert.equal((await setSlot(slot, { status: 'booked' })).status, 200, 'booked again for the one who holds it');
    assert.equal((await pending()).length, 0, 'nothing changed for her: nothing to tell');

    assert.equal((await setSlot(slot, { status: 'free' })).status, 200);
    const [freed, ...others] = await pending();
    assert.equal(others.length, 0);
    assert.equal(freed!.to, people.ana!.email);
    assert.equal(freed!.subject, 'Reserva cancelada: Parrilla el 18/03/2026 de 12:00–14:00');
    assert.ok(freed!.text.includes('La administración de Torre Sol & <Luna> canceló su reserva:'));
    await deliverDueMail(t.app);
    assert.equal((await setSlot(slot, { status: 'cancelled' })).status, 200);
    assert.equal((await pending()).length, 0, 'a free slot cancelled: nobody held it');

    // A booking that has started is history: changing it writes to nobody.
    const started = await buildSlot(db, amenityId, '2026-03-10T11:00', '2026-03-10T13:00');
    await db.update(bookings).set({ status: 'booked', userId: people.ana!.id }).where(eq(bookings.id, started));
    assert.equal((await setSlot(started, { status: 'free' })).status, 200);
    assert.equal((await pending()).length, 0);

    // A window of three seats: Ana, the neighbour and a banned flatmate hold one each.
    const start = '2026-03-21T09:00';
    const seats = [];
    for (const seat of [1, 2, 3]) seats.push(await buildSlot(db, amenityId, start, '2026-03-21T10:00', seat));
    for (const [i, who] of (['ana', 'neighbour', 'flatmate'] as const).entries()) {
      await db.update(bookings).set({ status: 'booked', userId: people[who]!.id }).where(eq(bookings.id, seats[i]!));
    }
    await db.update(users).set({ isDeleted: true }).where(eq(users.id, people.flatmate!.id));
    try {
      const group = await people.coAdmin!.client.put('/api/bookings/group', { amenityId, start, status: 'cancelled' });
      assert.equal(group.status, 200);
      assert.deepEqual(group.body, { updated: 3 });
      const rows = await pending();
      assert.deepEqual(rows.map((r) => r.to).sort(), [people.ana!.email, people.neighbour!.email].sort(), 'not the banned one');
      for (const r of rows) assert.equal(r.subject, 'Reserva cancelada: Parrilla el 21/03/2026 de 09:00–10:00');
      await deliverDueMail(t.app);
      smtp.received.length = 0;

      const again = await people.coAdmin!.client.put('/api/bookings/group', { amenityId, start, status: 'free' });
      assert.deepEqual(again.body, { updated: 3 });
      assert.equal((await pending()).length, 0, 'cancelled already: nobody lost anything');
      const forNeighbour = await people.owner!.client.put('/api/bookings/group', {
        amenityId,
        start,
        status: 'booked',
        userId: people.neighbour!.id,
      });
      assert.deepEqual(forNeighbour.body, { updated: 1 });
      const [seat, ...rest] = await pending();
      assert.equal(rest.length, 0);
      assert.equal(seat!.to, people.neighbour!.email);
      assert.ok(seat!.text.includes('La administración de Torre Sol & <Luna> reservó para usted este turno:'));
      await deliverDueMail(t.app);
      assert.deepEqual(recipients(), [people.neighbour!.email]);
    } finally {
      await db.update(users).set({ isDeleted: false }).where(eq(users.id, people.flatmate!.id));
    }
  });

  test('a refused booking sends nothing (its transaction left nothing behind)', async () => {
    const first = await buildSlot(t.database.db, strictAmenityId, '2026-03-12T10:00', '2026-03-12T11:00');
    const second = await buildSlot(t.database.db, strictAmenityId, '2026-03-13T10:00', '2026-03-13T11:00');
    assert.equal((await take('ana', first)).status, 200);
    await deliverDueMail(t.app);
    smtp.received.length = 0;
    assert.equal((await take('flatmate', second)).status, 409, 'one a week for the apartment');
    assert.equal((await take('neighbour', first)).status, 409, 'taken');
    assert.equal((await pending()).length, 0);
    await deliverDueMail(t.app);
    assert.equal(smtp.received.length, 0);
  });
});
