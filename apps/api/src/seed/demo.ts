import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { FileStorage } from '../lib/storage.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from './factories.ts';
import { seedDemoAlerts } from './demo-alerts.ts';
import { seedDemoAmenities } from './demo-amenities.ts';
import { seedDemoComplaints } from './demo-complaints.ts';
import { seedDemoBuildings } from './demo-buildings.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoServices } from './demo-services.ts';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_ADMIN = { email: 'admin@consorcio.com.ar', password: 'Admin1234' };
export const DEMO_RESIDENT_PASSWORD = 'Vecino1234';

/**
 * DEMO=1 seeds an empty database; unset seeds only an empty embedded one; 0 never. Demo uploads
 * (a complaint's photo) go to `storage`: the one the app serves files from.
 */
export async function seedDemoIfWanted(database: Database, config: Config, storage: FileStorage): Promise<{ logins: DemoLogin[] } | null> {
  const wanted = config.demo ?? database.kind === 'pglite';
  if (!wanted) return null;
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  return database.db.transaction(async (tx) => seedDemo(tx as unknown as Db, new Date(), storage));
}

interface DemoBuilding {
  name: string;
  cata: string;
  address: string;
  floor: number;
  latitude: number;
  longitude: number;
  units: { number: string; mt2: number; resident?: { name: string; email: string; contact: string } }[];
}

const DEMO_BUILDINGS: DemoBuilding[] = [
  {
    name: 'Torre Cañada',
    cata: '11-01-023-015',
    address: 'Bv. San Juan 650, Córdoba',
    floor: 8,
    latitude: -31.4215,
    longitude: -64.1925,
    units: [
      { number: '1A', mt2: 62.5, resident: { name: 'Ana Gómez', email: 'ana.gomez@demo.com.ar', contact: '3514567890' } },
      { number: '1B', mt2: 48, resident: { name: 'Bruno Díaz', email: 'bruno.diaz@demo.com.ar', contact: '3515678901' } },
      { number: '2A', mt2: 62.5, resident: { name: 'Carla Pérez', email: 'carla.perez@demo.com.ar', contact: '3516789012' } },
      { number: '2B', mt2: 48 },
      { number: '3A', mt2: 75.25, resident: { name: 'Diego Luna', email: 'diego.luna@demo.com.ar', contact: '3517890123' } },
      { number: '3B', mt2: 48 },
    ],
  },
  {
    name: 'Edificio Nueva Córdoba',
    cata: '11-02-011-007',
    address: 'Av. Hipólito Yrigoyen 320, Córdoba',
    floor: 12,
    latitude: -31.4262,
    longitude: -64.1873,
    units: [
      { number: '101', mt2: 40, resident: { name: 'Elena Ruiz', email: 'elena.ruiz@demo.com.ar', contact: '3518901234' } },
      { number: '102', mt2: 55, resident: { name: 'Facundo Sosa', email: 'facundo.sosa@demo.com.ar', contact: '3519012345' } },
      { number: '201', mt2: 40 },
      { number: '202', mt2: 55, resident: { name: 'Gabriela Ortiz', email: 'gabriela.ortiz@demo.com.ar', contact: '3512345678' } },
    ],
  },
  {
    name: 'Residencias del Cerro',
    cata: '11-05-044-002',
    address: 'Av. Rafael Núñez 4500, Córdoba',
    floor: 4,
    latitude: -31.3705,
    longitude: -64.235,
    units: [
      { number: 'PB', mt2: 90, resident: { name: 'Hernán Paz', email: 'hernan.paz@demo.com.ar', contact: '3513456789' } },
      { number: '1', mt2: 85 },
      { number: '2', mt2: 85 },
    ],
  },
];

/** What the base demo created; later steps add to it. */
export interface DemoWorld {
  admin: { id: number; email: string };
  buildings: {
    id: number;
    name: string;
    apartments: { id: number; numberApartment: string; mt2: number; residentId: number | null }[];
  }[];
}

/**
 * `now`: the seeding moment, which the demo's dates (spendings, expenses, alerts, complaints) are
 * relative to. `storage`: where demo uploads go (without one, the demo has no uploaded photo).
 */
export async function seedDemo(db: Db, now: Date = new Date(), storage?: FileStorage): Promise<{ logins: DemoLogin[] }> {
  const world: DemoWorld = { admin: { id: 0, email: DEMO_ADMIN.email }, buildings: [] };
  const admin = await buildAdmin(db, {
    name: 'Marta Fernández',
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    contact: '3514111222',
  });
  world.admin.id = admin.id;
  const logins: DemoLogin[] = [{ role: 'administrador', ...DEMO_ADMIN }];
  for (const b of DEMO_BUILDINGS) {
    const building = await buildBuilding(db, admin.id, {
      name: b.name,
      cata: b.cata,
      address: b.address,
      floor: b.floor,
      cantApartments: b.units.length,
      latitude: b.latitude,
      longitude: b.longitude,
    });
    const entry: DemoWorld['buildings'][number] = { id: building.id, name: building.name, apartments: [] };
    world.buildings.push(entry);
    for (const u of b.units) {
      const apt = await buildApartment(db, building.id, {
        numberApartment: u.number,
        cataApartment: `${b.cata.slice(-3)}-${u.number}`,
        mt2: u.mt2,
        state: u.resident ? 1 : 0,
      });
      let residentId: number | null = null;
      if (u.resident) {
        residentId = (await buildResident(db, apt.id, { ...u.resident, password: DEMO_RESIDENT_PASSWORD })).id;
        if (logins.length < 3) logins.push({ role: 'residente', email: u.resident.email, password: DEMO_RESIDENT_PASSWORD });
      }
      entry.apartments.push({ id: apt.id, numberApartment: u.number, mt2: u.mt2, residentId });
    }
  }
  // Each area adds its own believable data on top of the base world.
  await seedDemoBuildings(db, world);
  await seedDemoMoney(db, world, now);
  await seedDemoPayments(db, world, now);
  await seedDemoPeople(db, world, logins);
  await seedDemoAlerts(db, world, now);
  await seedDemoComplaints(db, world, now, storage);
  await seedDemoAmenities(db, world, now);
  await seedDemoServices(db, world, now);
  return { logins };
}
