import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, gt, sql } from 'drizzle-orm';
import type { TestServer } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import type { Db } from './client.ts';
import { hotStatement, keysOf } from './prepared.ts';
import { apartments, buildings, users } from './schema.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

/**
 * A hot statement (sent straight to the driver, rows decoded by the driver's own type parsers) answers exactly
 * what Drizzle answers for the same query, for every column type it is allowed: integers, text, enums,
 * booleans, `double precision`, `timestamp with time zone`, and the nulls of a left join. On the engine the
 * suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
describe('hotStatement: the same rows as Drizzle', () => {
  let t: TestServer;
  let db: Db;

  // Every user, with their apartment's building when they have one: nulls on the join's side for administrators.
  const selection = {
    userId: users.id,
    name: users.name,
    role: users.role,
    firstLogging: users.firstLogging,
    createdAt: users.createdAt,
    apartmentId: users.apartmentId,
    buildingId: buildings.id,
    buildingName: buildings.name,
    latitude: buildings.latitude,
    image: buildings.image,
    archivedAt: buildings.archivedAt,
  };
  const query = (d: Db) =>
    d
      .select(selection)
      .from(users)
      .leftJoin(apartments, eq(apartments.id, users.apartmentId))
      .leftJoin(buildings, eq(buildings.id, apartments.buildingId))
      .where(gt(users.id, sql.placeholder('after')))
      .orderBy(users.id)
      .limit(sql.placeholder('limit'));
  type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

  before(async () => {
    t = await startDemoServer(NOW);
    db = t.database.db;
    // Values of every kind on both sides of the join: an archived building with coordinates and an image.
    const [first] = await db.select({ id: buildings.id }).from(buildings).orderBy(buildings.id).limit(1);
    await db
      .update(buildings)
      .set({
        latitude: -31.4201,
        longitude: -64.1888,
        image: '/api/files/buildings/x.png',
        archivedAt: new Date('2026-02-01T12:34:56.789Z'),
      })
      .where(eq(buildings.id, first!.id));
  });
  after(async () => t?.close());

  test('every row and column, at several placeholder values, with the statement reused', async () => {
    const hot = hotStatement<Row>(db, 'test_users_buildings', keysOf(selection), () => query(db));
    const viaDrizzle = query(db).prepare('test_users_buildings_drizzle');
    const all = await viaDrizzle.execute({ after: 0, limit: 1000 });
    assert.ok(all.some((r) => r.buildingId === null) && all.some((r) => r.archivedAt instanceof Date));
    assert.ok(all.some((r) => r.latitude !== null && !Number.isInteger(r.latitude)) && all.some((r) => r.role === 'admin'));
    for (const [after, limit] of [
      [0, 1000],
      [0, 1],
      [all[2]!.userId, 3],
      [all.at(-1)!.userId, 10],
    ] as const) {
      assert.deepStrictEqual(await hot({ after, limit }), await viaDrizzle.execute({ after, limit }), `after ${after}, limit ${limit}`);
    }
  });

  test('a transaction is refused: its statements must run on its own connection', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        const hot = hotStatement<Row>(tx as unknown as Db, 'test_in_tx', keysOf(selection), () => query(tx as unknown as Db));
        await hot({ after: 0, limit: 1 });
      }),
      /root database only/,
    );
  });
});
