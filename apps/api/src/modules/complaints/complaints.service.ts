import {
  COMPLAINT_MSG,
  COMPLAINTS_PER_DAY,
  type Complaint,
  type ComplaintList,
  type ComplaintState,
  type CreateComplaintInput,
  type ListComplaintsQuery,
  type ListQuery,
  type Reply,
  type UnseenComplaints,
} from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { argentinaDayStart, dailyLimitReached } from '../../lib/daily-limit.ts';
import { buildingAdminsOf } from '../../lib/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { newImageKey, processImageBytes } from '../../lib/images.ts';
import { fileUrl, type FileStorage } from '../../lib/storage.ts';
import type { AdminPrincipal, Principal, ResidentPrincipal } from '../../plugins/auth.ts';
import { enqueueMailBatch } from '../mail/mail.outbox.ts';
import { newComplaintMail, replyMail, stateMail, type MailComplaint } from './complaints.mail.ts';
import * as repo from './complaints.repository.ts';

/** What the e-mails need besides the database: the address their links point at. */
export interface MailContext {
  publicUrl: string;
}

export function present(row: repo.ComplaintRow): Complaint {
  return {
    id: row.id,
    date: row.date,
    subject: row.subject,
    details: row.details,
    importance: row.importance,
    state: row.state,
    seen: row.seen,
    image: row.image,
    buildingId: row.buildingId,
    building: { id: row.buildingId, name: row.buildingName },
    apartmentId: row.apartmentId,
    apartment:
      row.apartmentId !== null && row.apartmentNumber !== null ? { id: row.apartmentId, number_apartment: row.apartmentNumber } : null,
    userId: row.userId,
    user: { id: row.userId, name: row.userName },
    createdAt: row.createdAt.toISOString(),
  };
}

function presentReply(r: repo.ReplyRow): Reply {
  return {
    id: r.id,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    author: { id: r.authorId, name: r.authorName, role: r.authorRole },
  };
}

const forMail = (row: repo.ComplaintRow): MailComplaint => ({
  id: row.id,
  userId: row.userId,
  date: row.date,
  subject: row.subject,
  details: row.details,
  importance: row.importance,
  buildingName: row.buildingName,
  apartmentNumber: row.apartmentNumber,
  authorName: row.userName,
});

async function visibleComplaint(db: DbOrTx, p: Principal, id: number): Promise<repo.ComplaintRow> {
  const row = await repo.findComplaint(db, p, id);
  if (!row) throw notFound();
  return row;
}

// ---- reading -----------------------------------------------------------------------------------

export async function listComplaints(db: Db, p: AdminPrincipal, q: ListComplaintsQuery): Promise<ComplaintList> {
  const r = await repo.listComplaints(db, p, q);
  return { items: r.items.map(present), total: r.total };
}

/**
 * A resident reads only their own (another id: 404); an administrator reads a resident of their
 * buildings, and only the complaints filed in those buildings.
 */
export async function listUserComplaints(db: Db, p: Principal, userId: number, q: ListQuery): Promise<ComplaintList> {
  if (p.role === 'resident' ? userId !== p.id : !(await repo.residentOfAdmin(db, p, userId))) throw notFound();
  const r = await repo.listUserComplaints(db, p, userId, q);
  return { items: r.items.map(present), total: r.total };
}

export async function getComplaint(db: Db, p: Principal, id: number): Promise<Complaint> {
  return present(await visibleComplaint(db, p, id));
}

export async function getUnseen(db: Db, p: AdminPrincipal): Promise<UnseenComplaints> {
  const r = await repo.unseenComplaints(db, p);
  return { items: r.items.map(present), total: r.total };
}

// ---- filing ------------------------------------------------------------------------------------

/**
 * Files a complaint for the resident's own apartment and building, with an optional image, and
 * tells the building's administrators in the same transaction. At most COMPLAINTS_PER_DAY a day:
 * counted under a lock on the resident's row, so a parallel burst files exactly that many.
 */
export async function createComplaint(
  db: Db,
  storage: FileStorage,
  p: ResidentPrincipal,
  input: CreateComplaintInput,
  image: Buffer | undefined,
  now: Date,
  ctx: MailContext,
): Promise<Complaint> {
  const since = argentinaDayStart(now);
  // Refused before the image costs a re-encoding; counted again, locked, below.
  if ((await repo.countFiledSince(db, p.id, since)) >= COMPLAINTS_PER_DAY) throw dailyLimitReached(now, COMPLAINT_MSG.dailyLimit);

  let key: string | undefined;
  if (image) {
    const processed = await processImageBytes(image);
    key = newImageKey('complaints', processed.ext);
    await storage.put(key, processed.bytes, processed.contentType);
  }
  try {
    return await db.transaction(async (tx) => {
      await repo.lockUser(tx, p.id);
      if ((await repo.countFiledSince(tx, p.id, since)) >= COMPLAINTS_PER_DAY) throw dailyLimitReached(now, COMPLAINT_MSG.dailyLimit);
      const id = await repo.insertComplaint(tx, {
        buildingId: p.buildingId,
        apartmentId: p.apartmentId,
        userId: p.id,
        date: input.date,
        subject: input.subject,
        details: input.details,
        importance: input.importance,
        image: key ? fileUrl(key) : null,
        createdAt: now,
      });
      const row = await visibleComplaint(tx, p, id);
      const admins = await buildingAdminsOf(tx, row.buildingId);
      await enqueueMailBatch(
        tx,
        admins.map((a) => ({ to: a.email, mail: newComplaintMail(forMail(row), a, ctx.publicUrl) })),
      );
      return present(row);
    });
  } catch (e) {
    // The stored image belongs to no complaint: remove it rather than leave an orphan.
    if (key) await storage.delete(key).catch(() => {});
    throw e;
  }
}

// ---- the administrator's changes ---------------------------------------------------------------

/** The bell: marks one complaint seen (the ones the administrator was shown, one call each). */
export async function markSeen(db: Db, p: AdminPrincipal, id: number): Promise<Complaint> {
  if (!(await repo.markSeen(db, p, id))) throw notFound();
  return getComplaint(db, p, id);
}

/** Opens or closes; the author hears of a real change (the same state again sends nothing). */
export async function changeState(db: Db, p: AdminPrincipal, id: number, state: ComplaintState, ctx: MailContext): Promise<Complaint> {
  return db.transaction(async (tx) => {
    const current = await repo.lockComplaint(tx, p, id);
    if (!current) throw notFound();
    if (current.state !== state) {
      await repo.setState(tx, id, state);
      const row = await visibleComplaint(tx, p, id);
      const author = await repo.activeUser(tx, row.userId);
      if (author) await enqueueMailBatch(tx, [{ to: author.email, mail: stateMail(forMail(row), state, author, ctx.publicUrl) }]);
      return present(row);
    }
    return present(await visibleComplaint(tx, p, id));
  });
}

// ---- the thread --------------------------------------------------------------------------------

export async function getReplies(db: Db, p: Principal, complaintId: number): Promise<{ items: Reply[]; total: number }> {
  await visibleComplaint(db, p, complaintId);
  const rows = await repo.listReplies(db, complaintId);
  return { items: rows.map(presentReply), total: rows.length };
}

/** A reply by the author or an administrator of the building; the other side is e-mailed. */
export async function addReply(db: Db, p: Principal, complaintId: number, text: string, now: Date, ctx: MailContext): Promise<Reply> {
  return db.transaction(async (tx) => {
    const row = await visibleComplaint(tx, p, complaintId);
    const id = await repo.insertReply(tx, { complaintId, authorId: p.id, text, createdAt: now });
    const byAdmin = p.role === 'admin';
    const recipients = byAdmin
      ? [await repo.activeUser(tx, row.userId)].filter((u) => u !== undefined)
      : await buildingAdminsOf(tx, row.buildingId);
    const reply = { authorName: p.name, text };
    await enqueueMailBatch(
      tx,
      recipients.map((r) => ({ to: r.email, mail: replyMail(forMail(row), reply, { name: r.name, admin: !byAdmin }, ctx.publicUrl) })),
    );
    return { id, text, createdAt: now.toISOString(), author: { id: p.id, name: p.name, role: p.role } };
  });
}
