import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { buildingAdmins, buildings } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { sessionLookupKeys, sessionLookupWith, sessionTokenIs, type SessionLookupRow } from '../auth/sessions.repository.ts';
import { hotStatement, keysOf, prepared } from '../../db/prepared.ts';
import { callerSeesBuilding, inVisibleBuildings, tenancyKey, visibleBuildingIdsOf } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

export type BuildingRow = typeof buildings.$inferSelect;
const buildingColumns = keysOf(getTableColumns(buildings));
export type BuildingValues = Pick<
  typeof buildings.$inferInsert,
  'name' | 'cata' | 'address' | 'floor' | 'cantApartments' | 'image' | 'latitude' | 'longitude'
>;

const byName: Order = [
  [buildings.name, 'asc'],
  [buildings.id, 'asc'],
];

/**
 * One page of the caller's buildings, sorted by name, and how many there are: the administrator's home, so both run
 * as prepared statements (per role, and per direction for the page).
 */
export async function listBuildings(db: DbOrTx, principal: Principal, page: number, pageSize: number) {
  const role = principal.role;
  const who = tenancyKey(principal);
  const scope = () => inArray(buildings.id, visibleBuildingIdsOf(db, role, sql.placeholder('who')));
  return pageOf(
    { page, pageSize },
    async () => {
      const count = prepared(db, `buildings_count_${role}`, (name) =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(buildings)
          .where(scope())
          .prepare(name),
      );
      return (await count.execute({ who }))[0]?.n ?? 0;
    },
    (w) =>
      prepared(db, `buildings_page_${role}_${w.reversed ? 'reversed' : 'forward'}`, (name) =>
        db
          .select()
          .from(buildings)
          .where(scope())
          .orderBy(...orderBy(byName, w.reversed))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name),
      ).execute({ who, limit: w.limit, offset: w.offset }),
  );
}

/** A building within the caller's reach, or null: the building page's read, a hot statement. */
export async function findBuilding(db: Db, principal: Principal, id: number): Promise<BuildingRow | null> {
  const role = principal.role;
  const read = hotStatement<BuildingRow>(db, `building_by_id_${role}`, buildingColumns, () =>
    db
      .select(getTableColumns(buildings))
      .from(buildings)
      .where(and(eq(buildings.id, sql.placeholder('id')), inArray(buildings.id, visibleBuildingIdsOf(db, role, sql.placeholder('who')))))
      .limit(1),
  );
  const [row] = await read({ id, who: tenancyKey(principal) });
  return row ?? null;
}

const buildingByIdColumns = Object.fromEntries(Object.entries(getTableColumns(buildings)).map(([key, column]) => [`b_${key}`, column]));

/**
 * The building page's read with the caller's session in one statement, one round trip: the session lookup's row
 * (for `sessionUserOf`), and the building `id` if the session's user may see it, joined to them with the same
 * tenancy rule as `findBuilding`'s, written for a caller read in the same statement (`callerSeesBuilding`).
 */
export async function findBuildingWithCaller(
  db: Db,
  token: string,
  id: number,
): Promise<{ caller: SessionLookupRow | undefined; building: BuildingRow | null }> {
  const read = hotStatement<Record<string, unknown>>(
    db,
    'building_by_id_with_caller',
    [...sessionLookupKeys, ...Object.keys(buildingByIdColumns)],
    () =>
      sessionLookupWith(db, buildingByIdColumns)
        .leftJoin(buildings, and(eq(buildings.id, sql.placeholder('id')), callerSeesBuilding(db)))
        .where(sessionTokenIs)
        .limit(1),
  );
  const [row] = await read({ tokenHash: hashToken(token), id });
  if (!row) return { caller: undefined, building: null };
  const building = Object.fromEntries(buildingColumns.map((key) => [key, row[`b_${key}`]])) as BuildingRow;
  return { caller: row as unknown as SessionLookupRow, building: building.id === null ? null : building };
}

/**
 * The lookup behind a building image's URL: the building whose `image` it is, if the caller may see
 * that building (its administrators, its residents). An equality on `buildings.image`, which
 * `buildings_image_idx` serves: no scan.
 */
export function buildingByImageQuery(db: DbOrTx, principal: Principal, url: string) {
  return db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.image, url), inVisibleBuildings(db, principal, buildings.id)))
    .limit(1);
}

/** Files policy for `buildings/…` keys: a building's image is for those who may see the building. */
export async function buildingImageReadable(db: DbOrTx, principal: Principal, url: string): Promise<boolean> {
  return (await buildingByImageQuery(db, principal, url)).length > 0;
}

/** Creates a building administered by its creator. */
export async function insertBuilding(db: DbOrTx, adminId: number, values: BuildingValues): Promise<BuildingRow> {
  const [row] = await db
    .insert(buildings)
    .values({ ...values, createdBy: adminId })
    .returning();
  await db.insert(buildingAdmins).values({ userId: adminId, buildingId: row!.id });
  return row!;
}

export async function updateBuilding(
  db: DbOrTx,
  principal: Principal,
  id: number,
  patch: Partial<BuildingValues>,
): Promise<BuildingRow | null> {
  if (Object.keys(patch).length === 0) return findBuilding(db, principal, id);
  const [row] = await db
    .update(buildings)
    .set(patch)
    .where(and(eq(buildings.id, id), inVisibleBuildings(db, principal, buildings.id)))
    .returning();
  return row ?? null;
}

/** Archives the building: it leaves every scoped query, its history stays in the database. */
export async function archiveBuilding(db: DbOrTx, principal: Principal, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(buildings)
    .set({ archivedAt: at })
    .where(and(eq(buildings.id, id), inVisibleBuildings(db, principal, buildings.id)))
    .returning({ id: buildings.id });
  return rows.length > 0;
}
