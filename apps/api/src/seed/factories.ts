import type { DbOrTx } from '../db/client.ts';
import type { Importance, SubscriptionKind } from '@consorcio/domain';
import { alerts, apartments, buildingAdmins, buildings, subscriptions, users } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';

/** Factories shared by the API tests, the demo seed and the browser journeys. */

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  password?: string;
  contact?: string;
  isDeleted?: boolean;
  firstLogging?: boolean;
  apartmentId?: number | null;
}

export async function buildAdmin(db: DbOrTx, o: UserOverrides = {}) {
  return insertUser(db, 'admin', o);
}

export async function buildResident(db: DbOrTx, apartmentId: number, o: UserOverrides = {}) {
  return insertUser(db, 'resident', { ...o, apartmentId });
}

async function insertUser(db: DbOrTx, role: 'admin' | 'resident', o: UserOverrides) {
  const password = o.password ?? 'Clave1234';
  const [row] = await db
    .insert(users)
    .values({
      role,
      name: o.name ?? (role === 'admin' ? 'Admin Prueba' : 'Vecino Prueba'),
      email: (o.email ?? `${role}-${next()}@example.com`).toLowerCase(),
      passwordHash: await cachedHash(password),
      contact: o.contact ?? '3514000000',
      isDeleted: o.isDeleted ?? false,
      firstLogging: o.firstLogging ?? false,
      apartmentId: o.apartmentId ?? null,
    })
    .returning();
  return { ...row!, password };
}

export interface BuildingOverrides {
  name?: string;
  cata?: string;
  address?: string;
  floor?: number;
  cantApartments?: number;
  image?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** A building administered by adminId. */
export async function buildBuilding(db: DbOrTx, adminId: number, o: BuildingOverrides = {}) {
  const [row] = await db
    .insert(buildings)
    .values({
      name: o.name ?? `Edificio ${next()}`,
      cata: o.cata ?? `CAT-${next()}`,
      address: o.address ?? 'Av. Colón 1234, Córdoba',
      floor: o.floor ?? 5,
      cantApartments: o.cantApartments ?? 10,
      image: o.image ?? null,
      latitude: o.latitude ?? null,
      longitude: o.longitude ?? null,
      createdBy: adminId,
    })
    .returning();
  await db.insert(buildingAdmins).values({ userId: adminId, buildingId: row!.id });
  return row!;
}

export interface ApartmentOverrides {
  numberApartment?: string;
  cataApartment?: string;
  mt2?: number;
  state?: 0 | 1;
}

export async function buildApartment(db: DbOrTx, buildingId: number, o: ApartmentOverrides = {}) {
  const [row] = await db
    .insert(apartments)
    .values({
      buildingId,
      numberApartment: o.numberApartment ?? `${(++seq % 900) + 100}`,
      cataApartment: o.cataApartment ?? `UF-${next()}`.slice(0, 20),
      mt2: o.mt2 ?? 50,
      state: o.state ?? 0,
    })
    .returning();
  return row!;
}

export interface AlertOverrides {
  date?: string;
  concept?: string;
  details?: string;
  importance?: Importance;
}

/** An alert inserted directly: no notice is queued (that is the API's work). */
export async function buildAlert(db: DbOrTx, buildingId: number, o: AlertOverrides = {}) {
  const [row] = await db
    .insert(alerts)
    .values({
      buildingId,
      date: o.date ?? '2025-06-10',
      concept: o.concept ?? 'Corte de agua',
      details: o.details ?? 'Sin agua de 9 a 14 h',
      importance: o.importance ?? 'alta',
    })
    .returning();
  return row!;
}

export async function buildSubscription(db: DbOrTx, userId: number, kind: SubscriptionKind = 'all') {
  const [row] = await db.insert(subscriptions).values({ userId, alerts: kind }).returning();
  return row!;
}
