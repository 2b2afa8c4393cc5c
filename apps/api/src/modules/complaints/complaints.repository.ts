import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { UNSEEN_SHOWN, type ComplaintState, type Importance, type ListComplaintsQuery, type ListQuery } from '@consorcio/domain';
import type { Person } from '../../lib/tenancy.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, buildings, complaintReplies, complaints, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

const columns = {
  id: complaints.id,
  buildingId: complaints.buildingId,
  apartmentId: complaints.apartmentId,
  userId: complaints.userId,
  date: complaints.date,
  subject: complaints.subject,
  details: complaints.details,
  importance: complaints.importance,
  state: complaints.state,
  seen: complaints.seen,
  image: complaints.image,
  createdAt: complaints.createdAt,
  buildingName: buildings.name,
  apartmentNumber: apartments.numberApartment,
  userName: users.name,
};

export interface ComplaintRow {
  id: number;
  buildingId: number;
  apartmentId: number | null;
  userId: number;
  date: string;
  subject: string;
  details: string;
  importance: Importance;
  state: ComplaintState;
  seen: boolean;
  image: string | null;
  createdAt: Date;
  buildingName: string;
  apartmentNumber: string | null;
  userName: string;
}

/** Complaints with their building, apartment and author, as the API answers them. */
const withRefs = (db: DbOrTx) =>
  db
    .select(columns)
    .from(complaints)
    .innerJoin(buildings, eq(buildings.id, complaints.buildingId))
    .innerJoin(users, eq(users.id, complaints.userId))
    .leftJoin(apartments, eq(apartments.id, complaints.apartmentId));

/**
 * The complaints a caller may see: an administrator, those of the buildings they administer; a
 * resident, only their own (never a neighbour's, even in the same building).
 */
export function inReach(db: DbOrTx, p: Principal): SQL {
  return p.role === 'admin' ? inVisibleBuildings(db, p, complaints.buildingId) : eq(complaints.userId, p.id);
}

/** Newest first: the day it happened, then the moment it was filed. */
const newestFirst: Order = [
  [complaints.date, 'desc'],
  [complaints.createdAt, 'desc'],
  [complaints.id, 'desc'],
];

async function page(db: DbOrTx, where: SQL | undefined, q: ListQuery): Promise<{ items: ComplaintRow[]; total: number }> {
  return pageOf(
    q,
    async () => (await db.select({ n: count() }).from(complaints).where(where))[0]?.n ?? 0,
    (w) =>
      withRefs(db)
        .where(where)
        .orderBy(...orderBy(newestFirst, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

/** GET /complaints/all: the administrator's complaints, filtered, newest first. */
export function listComplaints(db: DbOrTx, p: Principal, q: ListComplaintsQuery) {
  const where = and(
    inReach(db, p),
    q.buildingId ? eq(complaints.buildingId, q.buildingId) : undefined,
    q.importance ? eq(complaints.importance, q.importance) : undefined,
    q.state ? eq(complaints.state, q.state) : undefined,
  );
  return page(db, where, q);
}

/** One user's complaints within the caller's reach, newest first. */
export function listUserComplaints(db: DbOrTx, p: Principal, userId: number, q: ListQuery) {
  return page(db, and(eq(complaints.userId, userId), inReach(db, p)), q);
}

/** Whether this user is a resident of one of the administrator's buildings. */
export async function residentOfAdmin(db: DbOrTx, p: Principal, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(and(eq(users.id, userId), eq(users.role, 'resident'), inVisibleBuildings(db, p, apartments.buildingId)))
    .limit(1);
  return rows.length > 0;
}

export async function findComplaint(db: DbOrTx, p: Principal, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await withRefs(db).where(and(eq(complaints.id, id), inReach(db, p)));
  return row;
}

/** The caller's complaint, row-locked for a change (two state changes queue their e-mails in turn). */
export async function lockComplaint(tx: DbOrTx, p: Principal, id: number) {
  const [row] = await tx
    .select({ id: complaints.id, state: complaints.state })
    .from(complaints)
    .where(and(eq(complaints.id, id), inReach(tx, p)))
    .for('update', { of: complaints });
  return row;
}

/** The bell: the newest unseen complaints of the administrator's buildings, and how many there are. */
export async function unseenComplaints(db: DbOrTx, p: Principal): Promise<{ items: ComplaintRow[]; total: number }> {
  // `complaints_unseen_idx` (building_id, created_at) WHERE NOT seen serves both.
  const where = and(eq(complaints.seen, false), inReach(db, p));
  const [items, [agg]] = await Promise.all([
    withRefs(db).where(where).orderBy(desc(complaints.createdAt), desc(complaints.id)).limit(UNSEEN_SHOWN),
    db.select({ n: count() }).from(complaints).where(where),
  ]);
  return { items, total: agg?.n ?? 0 };
}

/** Marks one complaint seen; false when it is not the caller's. */
export async function markSeen(db: DbOrTx, p: Principal, id: number): Promise<boolean> {
  const rows = await db
    .update(complaints)
    .set({ seen: true })
    .where(and(eq(complaints.id, id), inReach(db, p)))
    .returning({ id: complaints.id });
  return rows.length > 0;
}

export async function setState(tx: DbOrTx, id: number, state: ComplaintState): Promise<void> {
  await tx.update(complaints).set({ state }).where(eq(complaints.id, id));
}

export interface ComplaintValues {
  buildingId: number;
  apartmentId: number;
  userId: number;
  date: string;
  subject: string;
  details: string;
  importance: Importance;
  image: string | null;
  createdAt: Date;
}

export async function insertComplaint(tx: DbOrTx, v: ComplaintValues): Promise<number> {
  const [row] = await tx.insert(complaints).values(v).returning({ id: complaints.id });
  return row!.id;
}

/**
 * Locks the resident's row for the rest of the transaction, so that two complaints of theirs
 * filed at once are counted one after the other (the daily limit holds under a parallel burst).
 */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many complaints the user filed since `since` (`complaints_user_idx`). */
export async function countFiledSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complaints)
    .where(and(eq(complaints.userId, userId), gte(complaints.createdAt, since)));
  return row?.n ?? 0;
}

/** Files policy for `complaints/…` keys: the image of a complaint the caller may see (author, building's administrators). */
export async function complaintImageReadable(db: DbOrTx, p: Principal, url: string): Promise<boolean> {
  const rows = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.image, url), inReach(db, p)))
    .limit(1);
  return rows.length > 0;
}

/** The author, unless banned (then nobody is written to). */
export async function activeUser(db: DbOrTx, userId: number): Promise<Person | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)));
  return row;
}

export interface ReplyRow {
  id: number;
  text: string;
  createdAt: Date;
  authorId: number;
  authorName: string;
  authorRole: 'admin' | 'resident';
}

const replyColumns = {
  id: complaintReplies.id,
  text: complaintReplies.text,
  createdAt: complaintReplies.createdAt,
  authorId: users.id,
  authorName: users.name,
  authorRole: users.role,
};

/** A complaint's thread, oldest first. */
export async function listReplies(db: DbOrTx, complaintId: number): Promise<ReplyRow[]> {
  return db
    .select(replyColumns)
    .from(complaintReplies)
    .innerJoin(users, eq(users.id, complaintReplies.authorId))
    .where(eq(complaintReplies.complaintId, complaintId))
    .orderBy(asc(complaintReplies.id));
}

export async function insertReply(
  tx: DbOrTx,
  v: { complaintId: number; authorId: number; text: string; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(complaintReplies).values(v).returning({ id: complaintReplies.id });
  return row!.id;
}
