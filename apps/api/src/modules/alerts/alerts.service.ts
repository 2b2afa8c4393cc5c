import {
  ALERT_MSG,
  isBeforeToday,
  todayIso,
  type Alert,
  type AlertList,
  type CalendarAlertsQuery,
  type CreateAlertInput,
  type ListAlertsQuery,
  type UpdateAlertInput,
} from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound, validation } from '../../lib/errors.ts';
import type { LinkSigner } from '../../lib/signing.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import { enqueueMailBatch } from '../mail/mail.outbox.ts';
import { unsubscribeLinks } from '../subscriptions/unsubscribe-links.ts';
import { alertNoticeRenderer } from './alerts.mail.ts';
import {
  deleteAlertRow,
  findVisibleAlert,
  findVisibleAlertForUpdate,
  insertAlert,
  listAlerts,
  listBuildingAlerts,
  noticeRecipients,
  updateAlertRow,
  visibleBuildingName,
  type AlertRow,
  type AlertValues,
} from './alerts.repository.ts';

/** What queueing notices needs besides the database: the link signer and the public address. */
export interface NoticeContext {
  links: LinkSigner;
  publicUrl: string;
}

/**
 * Messages per INSERT: PostgreSQL binds at most 65,535 parameters in one statement (a few per
 * message), so a building with more subscribers than this is queued in several, still in the
 * alert's transaction. A building of 1,000 subscribers takes one.
 */
const NOTICES_PER_STATEMENT = 5_000;

function present(row: AlertRow): Alert {
  return {
    id: row.id,
    date: row.date,
    concept: row.concept,
    details: row.details,
    importance: row.importance,
    buildingId: row.buildingId,
    building: { id: row.buildingId, name: row.buildingName },
  };
}

function values(input: CreateAlertInput): AlertValues {
  return { buildingId: input.building, date: input.date, concept: input.concept, details: input.details, importance: input.importance };
}

/** spec §5: no alert dated before today, in Argentina, by the server's clock. */
function assertNotPast(date: string, now: Date): void {
  if (isBeforeToday(date, todayIso(now))) throw validation(ALERT_MSG.pastDate, { date: ALERT_MSG.pastDate });
}

export async function getAlerts(db: Db, p: Principal, q: ListAlertsQuery): Promise<AlertList> {
  const r = await listAlerts(db, p, q);
  return { items: r.items.map(present), total: r.total };
}

export async function getBuildingAlerts(db: Db, p: Principal, buildingId: number, q: CalendarAlertsQuery): Promise<AlertList> {
  await assertBuildingVisible(db, p, buildingId);
  const r = await listBuildingAlerts(db, p, buildingId, q);
  return { items: r.items.map(present), total: r.total };
}

export async function getAlert(db: Db, p: Principal, id: number): Promise<Alert> {
  const row = await findVisibleAlert(db, p, id);
  if (!row) throw notFound();
  return present(row);
}

/**
 * Queues the alert's notice for each subscriber of its building, in the caller's transaction:
 * recipients are chosen in SQL, each message is rendered here (its own calendar and unsubscribe
 * links), and they go into the outbox in one statement. Returns how many were queued.
 */
async function queueNotices(tx: DbOrTx, ctx: NoticeContext, alert: AlertRow, correction: boolean): Promise<number> {
  const recipients = await noticeRecipients(tx, alert.buildingId, alert.importance);
  if (recipients.length === 0) return 0;
  const render = alertNoticeRenderer({ alert, buildingName: alert.buildingName, publicUrl: ctx.publicUrl, correction });
  const messages = recipients.map((r) => ({ to: r.email, mail: render(r, unsubscribeLinks(ctx.links, ctx.publicUrl, r.userId)) }));
  let queued = 0;
  for (let i = 0; i < messages.length; i += NOTICES_PER_STATEMENT) {
    queued += await enqueueMailBatch(tx, messages.slice(i, i + NOTICES_PER_STATEMENT));
  }
  return queued;
}

export async function createAlert(db: Db, p: AdminPrincipal, input: CreateAlertInput, now: Date, ctx: NoticeContext): Promise<Alert> {
  assertNotPast(input.date, now);
  return db.transaction(async (tx) => {
    const buildingName = await visibleBuildingName(tx, p, input.building);
    if (buildingName === null) throw notFound();
    const row = { ...(await insertAlert(tx, values(input))), buildingName };
    await queueNotices(tx, ctx, row, false);
    return present(row);
  });
}

/** An edit notifies again, marked as a correction; the date rule applies only when the date moves. */
export async function updateAlert(db: Db, p: AdminPrincipal, input: UpdateAlertInput, now: Date, ctx: NoticeContext): Promise<Alert> {
  return db.transaction(async (tx) => {
    const current = await findVisibleAlertForUpdate(tx, p, input.id);
    if (!current) throw notFound();
    if (input.date !== current.date) assertNotPast(input.date, now);
    const buildingName = await visibleBuildingName(tx, p, input.building);
    if (buildingName === null) throw notFound();
    const updated = await updateAlertRow(tx, p, input.id, values(input));
    if (!updated) throw notFound();
    const row = { ...updated, buildingName };
    await queueNotices(tx, ctx, row, true);
    return present(row);
  });
}

export async function deleteAlert(db: Db, p: AdminPrincipal, id: number): Promise<void> {
  if (!(await deleteAlertRow(db, p, id))) throw notFound();
}

/** POST /alerts/sendEmail: the alert's notices again, to whoever is subscribed now. */
export async function resendAlertNotices(db: Db, p: AdminPrincipal, id: number, ctx: NoticeContext): Promise<{ queued: number }> {
  return db.transaction(async (tx) => {
    // Locked, so a delete committing meanwhile cannot leave notices of an alert that is gone.
    const current = await findVisibleAlertForUpdate(tx, p, id);
    if (!current) throw notFound();
    const buildingName = await visibleBuildingName(tx, p, current.buildingId);
    if (buildingName === null) throw notFound();
    return { queued: await queueNotices(tx, ctx, { ...current, buildingName }, false) };
  });
}
