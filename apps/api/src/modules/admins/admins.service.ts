import { MSG, type RegisterAdminInput, type RegisteredAdmin } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertAdmin } from '../auth/users.repository.ts';

/** Open sign-up: a new administrator starts with no buildings. */
export async function registerAdmin(db: Db, input: RegisterAdminInput): Promise<RegisteredAdmin> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertAdmin(db, { name: input.name, email: input.email, contact: input.contact, passwordHash });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG.adminEmailTaken);
    throw e;
  }
}
