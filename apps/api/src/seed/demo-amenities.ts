import { sql } from 'drizzle-orm';
import { NO_RULES, todayIso, type AmenityRules } from '@consorcio/domain';
import type { Db } from '../db/client.ts';
import { amenities } from '../db/schema.ts';
import { insertSlots, type SlotWindows } from '../modules/bookings/bookings.repository.ts';
import type { DemoWorld } from './demo.ts';

interface DemoAmenity {
  type: string;
  detail: string;
  capacity: number;
  rules: Partial<AmenityRules>;
  windows: Pick<SlotWindows, 'timeStart' | 'timeEnd' | 'duration'>;
}

const SUM: DemoAmenity = {
  type: 'SUM',
  detail: 'Salón de usos múltiples de planta baja, con cocina y baño. Capacidad 30 personas.',
  capacity: 1,
  rules: { advanceDays: 30, cancelHours: 48, blockDebtors: true },
  windows: { timeStart: '10:00', timeEnd: '22:00', duration: '04:00' },
};
const PARRILLA: DemoAmenity = {
  type: 'Parrilla',
  detail: 'Parrilla de la terraza, con mesa para 12. Traer carbón; dejarla limpia.',
  capacity: 1,
  rules: { maxPerWeek: 2, cancelHours: 24 },
  windows: { timeStart: '11:00', timeEnd: '23:00', duration: '06:00' },
};
const PILETA: DemoAmenity = {
  type: 'Pileta',
  detail: 'Pileta descubierta. Revisación médica al día. Sin invitados los fines de semana.',
  capacity: 10,
  rules: { maxPerWeek: 3, minNoticeHours: 2 },
  windows: { timeStart: '09:00', timeEnd: '21:00', duration: '02:00' },
};
const GIMNASIO: DemoAmenity = {
  type: 'Gimnasio',
  detail: 'Gimnasio del primer piso: cinta, bicicleta y pesas.',
  capacity: 4,
  rules: { maxPerMonth: 20, minNoticeHours: 1 },
  windows: { timeStart: '07:00', timeEnd: '22:00', duration: '01:00' },
};

/** Per demo building, in the order of DEMO_BUILDINGS. */
const BY_BUILDING: DemoAmenity[][] = [
  [SUM, PARRILLA, PILETA],
  [SUM, GIMNASIO],
  [PARRILLA, PILETA],
];

/** Slots offered from the seeding day on, for this many days. */
const DAYS = 28;

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Two or three amenities per building with their rules, four weeks of slots from the seeding day
 * (one generation statement each, as the API makes them), and some taken by the residents: the
 * n-th resident of a building books the first window `2 + 3n` days ahead of each amenity (Ana,
 * the first of Torre Cañada, holds the SUM, the Parrilla and the Pileta). No e-mail is queued.
 */
export async function seedDemoAmenities(db: Db, world: DemoWorld, now: Date = new Date()): Promise<void> {
  const today = todayIso(now);
  for (const [bi, building] of world.buildings.entries()) {
    const residents = building.apartments.map((a) => a.residentId).filter((id): id is number => id !== null);
    for (const [ai, spec] of (BY_BUILDING[bi] ?? []).entries()) {
      const [row] = await db
        .insert(amenities)
        .values({
          buildingId: building.id,
          amenityType: spec.type,
          quantity: 1,
          capacity: spec.capacity,
          amenityDetail: spec.detail,
          rules: { ...NO_RULES, ...spec.rules },
        })
        .returning({ id: amenities.id });
      const amenityId = row!.id;
      await insertSlots(db, amenityId, spec.capacity, { dateStart: today, dateEnd: addDays(today, DAYS - 1), ...spec.windows });
      for (const [ri, userId] of residents.entries()) {
        const day = addDays(today, 2 + 3 * ri + ai);
        await db.execute(sql`
          update bookings set status = 'booked', user_id = ${userId}
          where id = (select id from bookings
                      where amenity_id = ${amenityId} and start >= ${day}::date and start < ${day}::date + 1 and status = 'free'
                      order by start, seat limit 1)`);
      }
    }
  }
}
