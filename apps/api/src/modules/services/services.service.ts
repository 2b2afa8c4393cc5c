import {
  SERVICE_MSG,
  SERVICES_PER_DAY,
  type CreateServiceInput,
  type ListBuildingServicesQuery,
  type ListServicesQuery,
  type Rating,
  type Service,
  type ServiceList,
} from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal, ResidentPrincipal } from '../../plugins/auth.ts';
import { argentinaDayStart, dailyLimitReached } from '../../lib/daily-limit.ts';
import { buildingAdminsOf } from '../../lib/tenancy.ts';
import { enqueueMailBatch } from '../mail/mail.outbox.ts';
import { newServiceMail } from './services.mail.ts';
import * as repo from './services.repository.ts';

/** What the e-mails need besides the database: the address their links point at. */
export interface MailContext {
  publicUrl: string;
}

export function present(row: repo.ServiceRow): Service {
  return {
    id: row.id,
    title: row.title,
    provider: row.provider,
    enrollment: row.enrollment ?? '',
    contact: row.contact,
    detail: row.detail,
    buildingId: row.buildingId,
    building: { id: row.buildingId, name: row.buildingName },
    accepted: row.accepted,
    createdAt: row.createdAt.toISOString(),
    ratingAverage: row.ratingAverage,
    ratingCount: row.ratingCount,
    myRating: row.myRatingId !== null && row.myRating !== null ? { id: row.myRatingId, rating: row.myRating } : null,
  };
}

const presentRating = (r: repo.RatingRow): Rating => ({
  id: r.id,
  rating: r.rating,
  serviceId: r.serviceId,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
});

async function visibleService(db: DbOrTx, p: Principal, id: number): Promise<Service> {
  const row = await repo.findService(db, p, id);
  if (!row) throw notFound();
  return present(row);
}

// ---- reading -----------------------------------------------------------------------------------

export async function listServices(db: Db, p: AdminPrincipal, q: ListServicesQuery): Promise<ServiceList> {
  const r = await repo.listServices(db, p, q);
  return { items: r.items.map(present), total: r.total };
}

/** A building's accepted services, for its residents and its administrators (anyone else: 404). */
export async function listBuildingServices(db: Db, p: Principal, buildingId: number, q: ListBuildingServicesQuery): Promise<ServiceList> {
  await assertBuildingVisible(db, p, buildingId);
  const r = await repo.listBuildingServices(db, p, buildingId, q);
  return { items: r.items.map(present), total: r.total };
}

// ---- proposing and publishing ------------------------------------------------------------------

/**
 * An administrator publishes a service in one of their buildings (Aceptado at once). A resident
 * proposes one for their own building (Pendiente), at most SERVICES_PER_DAY a day in Argentina
 * (counted under a lock on their row, so a burst proposes exactly that many), and the building's
 * administrators are e-mailed in the same transaction.
 */
export async function createService(db: Db, p: Principal, input: CreateServiceInput, now: Date, ctx: MailContext): Promise<Service> {
  if (p.role === 'admin') {
    await assertBuildingVisible(db, p, input.buildingId);
    const id = await repo.insertService(db, { ...input, accepted: true, createdBy: p.id, createdAt: now });
    return visibleService(db, p, id);
  }
  const resident = p as ResidentPrincipal;
  if (input.buildingId !== resident.buildingId) throw notFound();
  await assertBuildingVisible(db, resident, input.buildingId);
  const since = argentinaDayStart(now);
  return db.transaction(async (tx) => {
    await repo.lockUser(tx, resident.id);
    if ((await repo.countProposedSince(tx, resident.id, since)) >= SERVICES_PER_DAY) throw dailyLimitReached(now, SERVICE_MSG.dailyLimit);
    const id = await repo.insertService(tx, { ...input, accepted: false, createdBy: resident.id, createdAt: now });
    // Pending, so outside the resident's reach from now on: read back by id, this once.
    const service = present((await repo.findCreated(tx, resident, id))!);
    const admins = await buildingAdminsOf(tx, input.buildingId);
    const mail = {
      ...input,
      buildingId: input.buildingId,
      buildingName: service.building.name,
      proposerName: resident.name,
      apartmentNumber: await repo.apartmentNumber(tx, resident.apartmentId),
    };
    await enqueueMailBatch(
      tx,
      admins.map((a) => ({ to: a.email, mail: newServiceMail(mail, a, ctx.publicUrl) })),
    );
    return service;
  });
}

/** Accepts (Aceptado); accepting again answers the same. */
export async function acceptService(db: Db, p: AdminPrincipal, id: number): Promise<Service> {
  if (!(await repo.acceptService(db, p, id))) throw notFound();
  return visibleService(db, p, id);
}

export async function deleteService(db: Db, p: AdminPrincipal, id: number): Promise<void> {
  if (!(await repo.deleteService(db, p, id))) throw notFound();
}

// ---- ratings -----------------------------------------------------------------------------------

/**
 * A resident rates an accepted service of their building (else 404), once: a second rating, even
 * from a parallel call, is refused by the unique index (409), never by a check before the insert.
 */
export async function createRating(db: Db, p: ResidentPrincipal, serviceId: number, rating: number, now: Date): Promise<Rating> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockRateable(tx, p, serviceId))) throw notFound();
    const row = await repo.insertRating(tx, { serviceId, userId: p.id, rating, createdAt: now });
    if (!row) throw conflict(SERVICE_MSG.alreadyRated);
    return presentRating(row);
  });
}

export async function updateRating(db: Db, p: ResidentPrincipal, id: number, rating: number): Promise<Rating> {
  const row = await repo.updateRating(db, p, id, rating);
  if (!row) throw notFound();
  return presentRating(row);
}

export async function deleteRating(db: Db, p: ResidentPrincipal, id: number): Promise<void> {
  if (!(await repo.deleteRating(db, p, id))) throw notFound();
}
