import { MSG, type RegisterAdminInput } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';

/** Open sign-up: a new administrator starts with no buildings. */
export async function registerAdmin(db: Db, input: RegisterAdminInput) {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, contact: input.contact, passwordHash, role: 'admin' })
      .returning({ id: users.id, name: users.name, email: users.email });
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG.adminEmailTaken);
    throw e;
  }
}
