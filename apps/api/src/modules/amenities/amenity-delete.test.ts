import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NO_RULES } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amenities, bookings, mailOutbox } from '../../db/schema.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from '../../test/harness.ts';
import { deliverDueMail } from '../mail/mail.worker.ts';

/**
 * Deleting (archiving) an amenity cancels its upcoming bookings and tells each booker, in the same transaction; a
 * booking taken at the same moment cannot slip past it.
 */

const PUBLIC_URL = 'https://consorcio.example.com';
/** The server's clock: Tuesday 10/03/2026, 12:00 in Argentina. */
const NOW = new Date('2026-03-10T15:00:00Z');

async function buildAmenity(db: DbOrTx, buildingId: number, type: string) {
  const [row] = await db.insert(amenities).values({ buildingId, amenityType: type, rules: NO_RULES }).returning();
  return row!.id;
}

async function buildSlot(db: DbOrTx, amenityId: number, start: string, finish: string, userId?: number) {
  const [row] = await db
    .insert(bookings)
    .values({ amenityId, start, finish, status: userId ? 'booked' : 'free', userId: userId ?? null })
    .returning({ id: bookings.id });
  return row!.id;
}

describe('deleting an amenity', () => {
  let t: TestServer;
  let buildingId: number;
  let admin: HttpClient;
  const people: Record<string, { id: number; email: string; client: HttpClient }> = {};
  const db = () => t.database.db;

  before(async () => {
    t = await startTestServer({ env: { PUBLIC_URL }, services: { clock: () => NOW } });
    const owner = await buildAdmin(db());
    buildingId = (await buildBuilding(db(), owner.id, { name: 'Torre Sol' })).id;
    admin = t.client();
    await admin.login(owner.email, owner.password);
    for (const name of ['ana', 'bruno', 'carla', 'dario']) {
      const apt = await buildApartment(db(), buildingId, { numberApartment: name });
      const r = await buildResident(db(), apt.id, {
        name: `${name[0]!.toUpperCase()}${name.slice(1)}`,
        email: `${name}@vecinos.example.com`,
      });
      const client = t.client();
      await client.login(r.email, r.password);
      people[name] = { id: r.id, email: r.email, client };
    }
  });
  after(() => t.close());

  const statuses = async (ids: number[]) => {
    const rows = await db().select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, r.status]));
  };
  const pending = () => db().select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).orderBy(asc(mailOutbox.id));

  test('its upcoming bookings are cancelled and each booker is told; past, started and other bookings stay', async () => {
    await deliverDueMail(t.app);
    const sauna = await buildAmenity(db(), buildingId, 'Sauna');
    const pileta = await buildAmenity(db(), buildingId, 'Pileta');
    const { ana, bruno, carla } = people;
    const upcoming = await buildSlot(db(), sauna, '2026-03-14T20:00', '2026-03-14T21:00', ana!.id);
    const upcoming2 = await buildSlot(db(), sauna, '2026-03-20T10:00', '2026-03-20T11:00', bruno!.id);
    const started = await buildSlot(db(), sauna, '2026-03-10T11:30', '2026-03-10T12:30', carla!.id);
    const past = await buildSlot(db(), sauna, '2026-03-01T10:00', '2026-03-01T11:00', ana!.id);
    const free = await buildSlot(db(), sauna, '2026-03-15T10:00', '2026-03-15T11:00');
    const elsewhere = await buildSlot(db(), pileta, '2026-03-14T20:00', '2026-03-14T21:00', ana!.id);

    assert.equal((await admin.delete(`/api/amenities/${sauna}`)).status, 204);
    assert.deepEqual(await statuses([upcoming, upcoming2, started, past, free, elsewhere]), {
      [upcoming]: 'cancelled',
      [upcoming2]: 'cancelled',
      [started]: 'booked',
      [past]: 'booked',
      [free]: 'free',
      [elsewhere]: 'booked',
    });

    const mails = await pending();
    assert.deepEqual(mails.map((m) => m.to).sort(), [ana!.email, bruno!.email]);
    const toAna = mails.find((m) => m.to === ana!.email)!;
    assert.equal(toAna.subject, 'Reserva cancelada: Sauna el 14/03/2026 de 20:00–21:00');
    for (const s of [
      'La administración de Torre Sol dio de baja Sauna, así que su reserva quedó cancelada:',
      'Fecha: 14/03/2026',
      `Ver mis reservas: ${PUBLIC_URL}/public/${ana!.id}/Bookings`,
    ]) {
      assert.ok(toAna.text.includes(s), `text has ${JSON.stringify(s)}`);
    }

    // Ana's history names the deleted amenity; her upcoming booking of it is gone from the list.
    const mine = await ana!.client.get(`/api/bookings/taked/${ana!.id}`);
    assert.equal(mine.status, 200);
    assert.deepEqual(
      (mine.body.items as { id: number; amenity: unknown }[]).map((b) => [b.id, b.amenity]),
      [
        [elsewhere, { id: pileta, amenity_type: 'Pileta', archived: false }],
        [past, { id: sauna, amenity_type: 'Sauna', archived: true }],
      ],
    );
    // Deleting again: nothing left to delete, nothing more sent.
    assert.equal((await admin.delete(`/api/amenities/${sauna}`)).status, 404);
    assert.equal((await pending()).length, 2);
  });

  test('a banned booker is not written to', async () => {
    await deliverDueMail(t.app);
    const quincho = await buildAmenity(db(), buildingId, 'Quincho');
    const apt = await buildApartment(db(), buildingId, { numberApartment: 'banned' });
    const banned = await buildResident(db(), apt.id, { isDeleted: true });
    const slot = await buildSlot(db(), quincho, '2026-03-14T20:00', '2026-03-14T21:00', banned.id);
    assert.equal((await admin.delete(`/api/amenities/${quincho}`)).status, 204);
    assert.deepEqual(await statuses([slot]), { [slot]: 'cancelled' });
    assert.deepEqual(await pending(), []);
  });

  /** Other sessions of the database waiting on a row lock. */
  const lockWaiters = async () => {
    const rows = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await new Promise((r) => setTimeout(r, 10));
  };

  test('a booking taken while the deletion runs is refused, or committed first and cancelled: never left booked', async (ctx) => {
    if (t.engine !== 'postgres') {
      ctx.skip('one connection on PGlite: transactions cannot interleave');
      return;
    }
    const parrilla = await buildAmenity(db(), buildingId, 'Parrilla');
    const { ana, dario } = people;
    const held = await buildSlot(db(), parrilla, '2026-03-14T20:00', '2026-03-14T21:00', ana!.id);
    const wanted = await buildSlot(db(), parrilla, '2026-03-15T20:00', '2026-03-15T21:00');

    // Another session holds Ana's booking, so the deletion stops after archiving, before cancelling bookings.
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = db().transaction(async (tx) => {
      await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, held)).for('update');
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    const deletion = admin.delete(`/api/amenities/${parrilla}`);
    await until(async () => (await lockWaiters()) >= 1);

    // Dario books meanwhile: he must wait for the deletion (or, without that wait, he would book an amenity being deleted).
    let taken: HttpResponse | undefined;
    const take = dario!.client.put(`/api/bookings/takeBooking/${wanted}/${dario!.id}`, {}).then((r) => (taken = r));
    await until(async () => taken !== undefined || (await lockWaiters()) >= 2);
    release();
    await holder;

    assert.equal((await deletion).status, 204);
    await take;
    assert.equal(taken!.status, 404, taken!.text);
    assert.deepEqual(await statuses([held, wanted]), { [held]: 'cancelled', [wanted]: 'free' });
  });
});
