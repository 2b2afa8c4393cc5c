import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  IMPORTANT_LEVELS,
  type CalendarAlertsQuery,
  type Importance,
  type ListAlertsQuery,
  type SubscriptionKind,
} from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { alerts, apartments, buildings, subscriptions, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

/** The calendar is not paged: a month view asks for a few weeks, so this cap is never reached in use. */
export const CALENDAR_ALERTS_MAX = 500;

const columns = {
  id: alerts.id,
  buildingId: alerts.buildingId,
  date: alerts.date,
  concept: alerts.concept,
  details: alerts.details,
  importance: alerts.importance,
  buildingName: buildings.name,
};

export interface AlertRow {
  id: number;
  buildingId: number;
  date: string;
  concept: string;
  details: string;
  importance: Importance;
  buildingName: string;
}

/** Alerts with their building's name, as the API answers them. */
const withBuilding = (db: DbOrTx) => db.select(columns).from(alerts).innerJoin(buildings, eq(buildings.id, alerts.buildingId));

function listWhere(db: DbOrTx, p: Principal, q: Omit<ListAlertsQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    inVisibleBuildings(db, p, alerts.buildingId),
    q.buildingId ? eq(alerts.buildingId, q.buildingId) : undefined,
    q.importance ? eq(alerts.importance, q.importance) : undefined,
    q.since ? gte(alerts.date, q.since) : undefined,
    q.upTo ? lte(alerts.date, q.upTo) : undefined,
  );
}

const newestFirst: Order = [
  [alerts.date, 'desc'],
  [alerts.id, 'desc'],
];

/** One page of the caller's alerts, newest first, and the count of every match. */
export async function listAlerts(db: DbOrTx, p: Principal, q: ListAlertsQuery): Promise<{ items: AlertRow[]; total: number }> {
  const where = listWhere(db, p, q);
  return pageOf(
    q,
    async () => (await db.select({ n: count() }).from(alerts).where(where))[0]?.n ?? 0,
    // The page's ids are found on the (building_id, date, id) index alone, then only their rows are read.
    (w) =>
      withBuilding(db)
        .where(
          inArray(
            alerts.id,
            db
              .select({ id: alerts.id })
              .from(alerts)
              .where(where)
              .orderBy(...orderBy(newestFirst, w.reversed))
              .limit(w.limit)
              .offset(w.offset),
          ),
        )
        .orderBy(...orderBy(newestFirst, w.reversed)),
  );
}

/**
 * A building's alerts between two dates, oldest first, and how many match (count over the
 * whole match, before the cap). The caller's scope is in the WHERE as everywhere.
 */
export async function listBuildingAlerts(
  db: DbOrTx,
  p: Principal,
  buildingId: number,
  q: CalendarAlertsQuery,
): Promise<{ items: AlertRow[]; total: number }> {
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(alerts)
    .innerJoin(buildings, eq(buildings.id, alerts.buildingId))
    .where(
      and(
        eq(alerts.buildingId, buildingId),
        inVisibleBuildings(db, p, alerts.buildingId),
        q.since ? gte(alerts.date, q.since) : undefined,
        q.upTo ? lte(alerts.date, q.upTo) : undefined,
        q.important === 'true' ? inArray(alerts.importance, [...IMPORTANT_LEVELS]) : undefined,
      ),
    )
    .orderBy(asc(alerts.date), asc(alerts.id))
    .limit(CALENDAR_ALERTS_MAX);
  return { items: rows.map(({ total: _t, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function findVisibleAlert(db: DbOrTx, p: Principal, id: number): Promise<AlertRow | undefined> {
  const [row] = await withBuilding(db).where(and(eq(alerts.id, id), inVisibleBuildings(db, p, alerts.buildingId)));
  return row;
}

/** The caller's alert, row-locked for a change (an edit and a resend of it queue notices in turn). */
export async function findVisibleAlertForUpdate(tx: DbOrTx, p: Principal, id: number) {
  const [row] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), inVisibleBuildings(tx, p, alerts.buildingId)))
    .for('update', { of: alerts });
  return row;
}

export interface AlertValues {
  buildingId: number;
  date: string;
  concept: string;
  details: string;
  importance: Importance;
}

export async function insertAlert(tx: DbOrTx, v: AlertValues) {
  const [row] = await tx.insert(alerts).values(v).returning();
  return row!;
}

export async function updateAlertRow(tx: DbOrTx, p: Principal, id: number, v: AlertValues) {
  const [row] = await tx
    .update(alerts)
    .set(v)
    .where(and(eq(alerts.id, id), inVisibleBuildings(tx, p, alerts.buildingId)))
    .returning();
  return row;
}

/** Whether the caller's alert was there to delete. */
export async function deleteAlertRow(tx: DbOrTx, p: Principal, id: number): Promise<boolean> {
  const rows = await tx
    .delete(alerts)
    .where(and(eq(alerts.id, id), inVisibleBuildings(tx, p, alerts.buildingId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** The name of a building the caller may see, or null (as if it did not exist). */
export async function visibleBuildingName(db: DbOrTx, p: Principal, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: buildings.name })
    .from(buildings)
    .where(and(eq(buildings.id, id), inVisibleBuildings(db, p, buildings.id)));
  return row?.name ?? null;
}

export interface NoticeRecipient {
  userId: number;
  name: string;
  email: string;
  kind: SubscriptionKind;
}

/**
 * Who is told about an alert of this importance in this building: its residents who are not
 * banned and have a subscription, `all` for every alert and `important` for alta and media.
 */
export async function noticeRecipients(db: DbOrTx, buildingId: number, importance: Importance): Promise<NoticeRecipient[]> {
  const kinds: SubscriptionKind[] = IMPORTANT_LEVELS.includes(importance) ? ['all', 'important'] : ['all'];
  return db
    .select({ userId: users.id, name: users.name, email: users.email, kind: subscriptions.alerts })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(
      and(
        eq(apartments.buildingId, buildingId),
        eq(users.role, 'resident'),
        eq(users.isDeleted, false),
        inArray(subscriptions.alerts, kinds),
      ),
    )
    .orderBy(asc(users.id));
}
