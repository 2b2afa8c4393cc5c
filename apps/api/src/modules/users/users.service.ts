import { USER_MSG, type CreateUserInput, type ListResult, type ListUsersQuery, type UpdateUserInput, type User } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import {
  findVisibleApartment,
  findVisibleUser,
  insertResident,
  isApartmentVisible,
  listUsers,
  markApartmentOccupied,
  updateUserRow,
} from './users.repository.ts';

const emailTaken = () => new AppError('CONFLICT', USER_MSG.emailTaken, { email: USER_MSG.emailTakenHint });

export async function getUsers(db: Db, p: AdminPrincipal, q: ListUsersQuery): Promise<ListResult<User>> {
  return listUsers(db, p, { buildingId: q.buildingId, apartmentId: q.apartmentId }, q.page, q.pageSize);
}

export async function getBuildingUsers(
  db: Db,
  p: AdminPrincipal,
  buildingId: number,
  page: number,
  pageSize: number,
): Promise<ListResult<User>> {
  await assertBuildingVisible(db, p, buildingId);
  return listUsers(db, p, { buildingId }, page, pageSize);
}

export async function getApartmentUsers(
  db: Db,
  p: AdminPrincipal,
  apartmentId: number,
  page: number,
  pageSize: number,
): Promise<ListResult<User>> {
  // A vacant apartment of ours lists nobody; someone else's apartment is 404.
  if (!(await isApartmentVisible(db, p, apartmentId))) throw notFound();
  return listUsers(db, p, { apartmentId }, page, pageSize);
}

/** An administrator reads residents of their buildings; a resident reads only themself. */
export async function getUser(db: Db, p: Principal, id: number): Promise<User> {
  if (p.role === 'resident' && p.id !== id) throw notFound();
  const user = await findVisibleUser(db, p, id);
  if (!user) throw notFound();
  return user;
}

/** A new resident in one of the admin's apartments; the apartment becomes occupied in the same transaction. */
export async function createUser(db: Db, p: AdminPrincipal, input: CreateUserInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const apt = await findVisibleApartment(tx, p, input.building, input.apartment);
      if (!apt) throw notFound();
      const newId = await insertResident(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        contact: input.contact,
        isDeleted: input.isDeleted,
        apartmentId: apt.id,
      });
      await markApartmentOccupied(tx, apt.id);
      return newId;
    });
    return (await findVisibleUser(db, p, id))!;
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
}

/** Edits a resident; banning (isDeleted) ends their sessions at once, in the same transaction. */
export async function updateUser(db: Db, p: AdminPrincipal, id: number, input: UpdateUserInput): Promise<User> {
  try {
    await db.transaction(async (tx) => {
      const user = await findVisibleUser(tx, p, id, true);
      if (!user) throw notFound();
      await updateUserRow(tx, id, { name: input.name, email: input.email, contact: input.contact, isDeleted: input.isDeleted });
      if (input.isDeleted) await deleteUserSessions(tx, id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw emailTaken();
    throw e;
  }
  return (await findVisibleUser(db, p, id))!;
}
