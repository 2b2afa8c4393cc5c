import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness.ts';
import { startDemoServer } from '../../test/fixtures.ts';
import { buildings, users } from '../../db/schema.ts';
import { buildAdmin, buildBuilding } from '../../seed/factories.ts';
import { createSession, findSessionUser, sessionUserOf } from '../auth/sessions.repository.ts';
import { findBuilding, findBuildingWithCaller } from './buildings.repository.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

/**
 * The building page's one-round-trip read (the caller's session and the building in one statement, with the
 * tenancy rule written for a caller read in the same statement) answers what the session lookup followed by
 * findBuilding answers: for every user of the demo and of another tenant, residents, an administrator who has not
 * chosen a password yet and a banned resident included, and every building, an archived one included.
 */
describe('findBuildingWithCaller: the same caller and building as two lookups', () => {
  let t: TestServer;

  before(async () => {
    t = await startDemoServer(NOW);
    const { db } = t.database;
    const other = await buildAdmin(db, { email: 'otro.admin@example.com' });
    await buildBuilding(db, other.id, { name: 'Edificio de otro administrador' });
    await buildAdmin(db, { email: 'sin.clave@example.com', firstLogging: true });
    const all = await db.select({ id: buildings.id }).from(buildings).orderBy(buildings.id);
    await db
      .update(buildings)
      .set({ archivedAt: NOW })
      .where(eq(buildings.id, all.at(-2)!.id));
    const [resident] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'resident')).orderBy(users.id).limit(1);
    await db.update(users).set({ isDeleted: true }).where(eq(users.id, resident!.id));
  });
  after(async () => t?.close());

  test('every user × every building', async () => {
    const { db } = t.database;
    const everyone = await db.select({ id: users.id }).from(users).orderBy(users.id);
    const ids = (await db.select({ id: buildings.id }).from(buildings).orderBy(buildings.id)).map((b) => b.id);
    ids.push(ids.at(-1)! + 1000);
    let seen = 0;
    let hidden = 0;
    for (const { id: userId } of everyone) {
      const token = await createSession(db, userId);
      const principal = await findSessionUser(db, token);
      for (const id of ids) {
        const { caller, building } = await findBuildingWithCaller(db, token, id);
        assert.deepStrictEqual(await sessionUserOf(db, caller), principal, `user ${userId}`);
        // Without a caller (the banned resident) the route answers 401 and never looks at the building.
        if (!principal) continue;
        const expected = await findBuilding(db, principal, id);
        assert.deepStrictEqual(building, expected, `user ${userId}, building ${id}`);
        if (expected) seen++;
        else hidden++;
      }
    }
    assert.ok(seen > 0 && hidden > 0, `${seen} seen, ${hidden} hidden`);
    assert.deepStrictEqual(await findBuildingWithCaller(db, 'no-such-token', ids[0]!), { caller: undefined, building: null });
  });
});
