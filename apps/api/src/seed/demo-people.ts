import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apartments } from '../db/schema.ts';
import { buildResident } from './factories.ts';
import { DEMO_RESIDENT_PASSWORD, type DemoLogin, type DemoWorld } from './demo.ts';

/** Residents for the apartments the base demo left empty, so every apartment has someone. */
const PEOPLE = [
  { name: 'Ignacio Ramos', email: 'ignacio.ramos@demo.com.ar', contact: '3514102030' },
  { name: 'Julieta Vera', email: 'julieta.vera@demo.com.ar', contact: '3514203040', firstLogging: true },
  { name: 'Kevin Molina', email: 'kevin.molina@demo.com.ar', contact: '3514304050' },
  { name: 'Laura Castro', email: 'laura.castro@demo.com.ar', contact: '3514405060' },
  { name: 'Martín Rojas', email: 'martin.rojas@demo.com.ar', contact: '3514506070', isDeleted: true },
  { name: 'Natalia Suárez', email: 'natalia.suarez@demo.com.ar', contact: '3514607080' },
];

/** Demo data: a resident in each empty apartment; one still has to choose a password, one is banned. */
export async function seedDemoPeople(db: Db, world: DemoWorld, logins: DemoLogin[]): Promise<void> {
  let i = 0;
  for (const building of world.buildings) {
    for (const apt of building.apartments) {
      if (apt.residentId !== null) continue;
      const p = PEOPLE[i++ % PEOPLE.length]!;
      const email = i > PEOPLE.length ? p.email.replace('@', `${i}@`) : p.email;
      const user = await buildResident(db, apt.id, { ...p, email, password: DEMO_RESIDENT_PASSWORD });
      await db.update(apartments).set({ state: 1 }).where(eq(apartments.id, apt.id));
      apt.residentId = user.id;
      if (p.firstLogging) logins.push({ role: 'primer ingreso', email, password: DEMO_RESIDENT_PASSWORD });
    }
  }
}
