import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apartments, buildings, users } from '../../db/schema.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Who a reset e-mail goes to, with their building's name (null for administrators), in one query. */
export async function findResetRecipient(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, isDeleted: users.isDeleted, buildingName: buildings.name })
    .from(users)
    .leftJoin(apartments, eq(apartments.id, users.apartmentId))
    .leftJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Open sign-up: an administrator account. */
export async function insertAdmin(db: DbOrTx, v: { name: string; email: string; contact: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...v, role: 'admin' })
    .returning({ id: users.id, name: users.name, email: users.email });
  return row!;
}

/** A chosen password also ends the first-login state. */
export async function setPassword(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, firstLogging: false }).where(eq(users.id, userId));
}

export type UserRow = typeof users.$inferSelect;
