import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { AMENITY_MSG, MSG, NO_RULES } from '@consorcio/domain';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { amenities } from '../../db/schema.ts';

/** The server's clock stands at 10/03/2026, 12:00 in Argentina (UTC-3). */
const NOW = new Date('2026-03-10T15:00:00Z');

const parrilla = (building: number, o: Record<string, unknown> = {}) => ({
  amenity_type: 'Parrilla',
  quantity: 1,
  capacity: 2,
  amenity_detail: 'Terraza, piso 9',
  building,
  rules: { ...NO_RULES, maxPerWeek: 2, cancelHours: 24 },
  ...o,
});

describe('amenities', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;

  before(async () => {
    t = await startTestServer({ services: { clock: () => NOW } });
    w = await twoTenants(t);
  });
  after(() => t.close());

  test('an administrator creates, reads, lists, edits and deletes (archives) an amenity', async () => {
    const { a } = w;
    const created = await a.adminClient.post('/api/amenities', parrilla(a.building.id, { capacity: '2', quantity: '1' }));
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    const expected = {
      id,
      amenity_type: 'Parrilla',
      quantity: 1,
      capacity: 2,
      amenity_detail: 'Terraza, piso 9',
      buildingId: a.building.id,
      building: { id: a.building.id, name: 'Edificio A' },
      rules: { ...NO_RULES, maxPerWeek: 2, cancelHours: 24 },
      freeSlots: 0,
    };
    assert.deepEqual(created.body, expected);
    assert.deepEqual((await a.adminClient.get(`/api/amenities/${id}`)).body, expected);
    assert.deepEqual((await a.residentClient.get(`/api/amenities/${id}`)).body, expected);
    const list = await a.adminClient.get(`/api/amenities?buildingId=${a.building.id}`);
    assert.deepEqual(list.body, { items: [expected], total: 1 });

    const edited = await a.adminClient.put(`/api/amenities/${id}`, parrilla(a.building.id, { amenity_type: 'Quincho', rules: NO_RULES }));
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.amenity_type, 'Quincho');
    assert.deepEqual(edited.body.rules, NO_RULES);

    assert.equal((await a.adminClient.delete(`/api/amenities/${id}`)).status, 204);
    const [row] = await t.database.db.select().from(amenities).where(eq(amenities.id, id));
    assert.deepEqual(row!.archivedAt, NOW, 'archived, not deleted');
    assert.equal((await a.adminClient.get(`/api/amenities/${id}`)).status, 404);
    assert.deepEqual((await a.adminClient.get(`/api/amenities?buildingId=${a.building.id}`)).body, { items: [], total: 0 });
    assert.equal((await a.adminClient.delete(`/api/amenities/${id}`)).status, 404);
    assert.equal((await a.adminClient.put(`/api/amenities/${id}`, parrilla(a.building.id))).status, 404);
  });

  test('tenancy: another administrator and a resident of another building get 404 or an empty list', async () => {
    const { a, b } = w;
    const id = (await a.adminClient.post('/api/amenities', parrilla(a.building.id, { amenity_type: 'Pileta' }))).body.id;
    for (const res of [
      await b.adminClient.get(`/api/amenities/${id}`),
      await b.adminClient.put(`/api/amenities/${id}`, parrilla(b.building.id)),
      await b.adminClient.delete(`/api/amenities/${id}`),
      await b.residentClient.get(`/api/amenities/${id}`),
      // A building that is not theirs, in the body.
      await b.adminClient.post('/api/amenities', parrilla(a.building.id)),
      await a.adminClient.put(`/api/amenities/${id}`, parrilla(b.building.id)),
    ]) {
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error.code, 'NOT_FOUND');
    }
    assert.deepEqual((await b.adminClient.get(`/api/amenities?buildingId=${a.building.id}`)).body, { items: [], total: 0 });
    assert.deepEqual((await b.residentClient.get(`/api/amenities?buildingId=${a.building.id}`)).body, { items: [], total: 0 });
    const bList = await b.residentClient.get('/api/amenities');
    assert.ok(bList.body.items.every((x: { buildingId: number }) => x.buildingId === b.building.id));
    const aList = await a.residentClient.get('/api/amenities');
    assert.ok(aList.body.items.some((x: { id: number }) => x.id === id));
    // A resident may read but never write.
    assert.equal((await a.residentClient.post('/api/amenities', parrilla(a.building.id))).status, 403);
    assert.equal((await a.residentClient.delete(`/api/amenities/${id}`)).status, 403);
    assert.equal((await t.client().get('/api/amenities')).status, 401);
  });

  test('validation: the messages of spec §5 and §8', async () => {
    const { a } = w;
    const post = (o: Record<string, unknown>) => a.adminClient.post('/api/amenities', parrilla(a.building.id, o));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amenity_type: '' }, 'amenity_type', AMENITY_MSG.fillAll],
      [{ amenity_type: 'Pi' }, 'amenity_type', MSG.tooShort],
      [{ amenity_type: 'SUM 1' }, 'amenity_type', AMENITY_MSG.onlyLetters],
      [{ amenity_type: 'Salón de usos múltiples' }, 'amenity_type', MSG.tooLong],
      [{ capacity: 'dos' }, 'capacity', AMENITY_MSG.onlyDigits],
      [{ capacity: '' }, 'capacity', AMENITY_MSG.fillAll],
      [{ quantity: '1.5' }, 'quantity', AMENITY_MSG.onlyDigits],
      [{ amenity_detail: 'x'.repeat(201) }, 'amenity_detail', MSG.tooLong],
      [{ building: '' }, 'building', AMENITY_MSG.fillAll],
    ];
    for (const [o, field, message] of cases) {
      const res = await post(o);
      assert.equal(res.status, 400, `${JSON.stringify(o)}: ${res.text}`);
      assert.equal(res.body.error.fields[field], message, JSON.stringify(o));
    }
    const rule = await post({ rules: { ...NO_RULES, maxPerWeek: 0 } });
    assert.equal(rule.status, 400);
    assert.ok(rule.body.error.fields['rules.maxPerWeek']);
  });

  test('freeSlots counts the slots still to take: not booked, starting after now (Argentina)', async () => {
    const { a } = w;
    const id = (await a.adminClient.post('/api/amenities', parrilla(a.building.id, { amenity_type: 'Gimnasio', capacity: 1 }))).body.id;
    // 10/03 (today) and 11/03, 08:00 to 16:00 in 2-hour windows: 4 a day; at 12:00 only today's 14:00 is still ahead.
    const gen = await a.adminClient.post('/api/bookings', {
      idAmenity: id,
      dateStart: '2026-03-10',
      dateEnd: '2026-03-11',
      timeStart: '08:00',
      timeEnd: '16:00',
      duration: '02:00',
    });
    assert.equal(gen.status, 201, gen.text);
    assert.equal(gen.body.created, 8);
    assert.equal((await a.adminClient.get(`/api/amenities/${id}`)).body.freeSlots, 5);
    const slots = (await a.adminClient.get(`/api/bookings?amenityId=${id}&start=2026-03-11`)).body.items;
    const booked = await a.adminClient.put(`/api/bookings/${slots[0].id}`, { status: 'booked', userId: a.resident.id });
    assert.equal(booked.status, 200, booked.text);
    assert.equal((await a.residentClient.get(`/api/amenities/${id}`)).body.freeSlots, 4);
  });
});
