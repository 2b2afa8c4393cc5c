import { startTestServer, type TestServer } from './harness.ts';
import type { Db } from '../db/client.ts';
import type { Services } from '../services.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../seed/factories.ts';

/**
 * Two administrators, each with a building, an apartment and a logged-in resident:
 * the minimal world to prove tenancy (one tenant's ids answer 404 to the other).
 */
export async function twoTenants(t: TestServer) {
  const db = t.database.db;
  const make = async (label: string) => {
    const admin = await buildAdmin(db, { name: `Admin ${label}` });
    const building = await buildBuilding(db, admin.id, { name: `Edificio ${label}` });
    const apartment = await buildApartment(db, building.id, { numberApartment: '1A', mt2: 50, state: 1 });
    const resident = await buildResident(db, apartment.id, { name: `Vecino ${label}` });
    const adminClient = t.client();
    await adminClient.login(admin.email, admin.password);
    const residentClient = t.client();
    await residentClient.login(resident.email, resident.password);
    return { admin, building, apartment, resident, adminClient, residentClient };
  };
  return { a: await make('A'), b: await make('B') };
}

/** A test server over the demo data set, seeded as of `now`, with the clock fixed there. */
export async function startDemoServer(now: Date, services: Partial<Services> = {}): Promise<TestServer> {
  const t = await startTestServer({ services: { clock: () => now, ...services } });
  await t.database.db.transaction(async (tx) => seedDemo(tx as unknown as Db, now, services.storage));
  return t;
}
