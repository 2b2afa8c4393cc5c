import { after, before, describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { AMENITY_MSG, MSG, NO_RULES, slotCount, type Booking } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildResident } from '../../seed/factories.ts';

/** The server's clock stands at 10/03/2026, 12:00 in Argentina (UTC-3). */
const NOW = new Date('2026-03-10T15:00:00Z');

type Rows<T> = { rows: T[] };

describe('slots: generation, listing and the administrator’s changes', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;

  before(async () => {
    t = await startTestServer({ services: { clock: () => NOW } });
    w = await twoTenants(t);
  });
  after(() => t.close());

  async function amenity(c: HttpClient, building: number, capacity = 1, type = 'Parrilla'): Promise<number> {
    const res = await c.post('/api/amenities', {
      amenity_type: type,
      quantity: 1,
      capacity,
      amenity_detail: '',
      building,
      rules: NO_RULES,
    });
    assert.equal(res.status, 201, res.text);
    return res.body.id;
  }

  const rowsOf = async (amenityId: number) =>
    (
      (await t.database.db.execute(
        sql`select to_char(start, 'YYYY-MM-DD"T"HH24:MI') as start, to_char(finish, 'YYYY-MM-DD"T"HH24:MI') as finish, seat
            from bookings where amenity_id = ${amenityId} order by start, seat`,
      )) as unknown as Rows<{ start: string; finish: string; seat: number }>
    ).rows;

  /** Pairs of distinct windows of the amenity that overlap: must always be none. */
  const overlapping = async (amenityId: number) =>
    Number(
      (
        (await t.database.db.execute(sql`
          select count(*)::int as n from bookings x join bookings y
            on x.amenity_id = y.amenity_id and x.start < y.start and y.start < x.finish
          where x.amenity_id = ${amenityId}`)) as unknown as Rows<{ n: number }>
      ).rows[0]!.n,
    );

  test('generation: days × windows × seats, the same count as the domain’s slotCount', async () => {
    const { a } = w;
    const cases = [
      // The dialog's defaults: 07:30–21:30 in 8-hour windows is one window a day.
      { dateStart: '2026-04-01', dateEnd: '2026-04-02', capacity: 3 },
      { dateStart: '2026-04-01', dateEnd: '2026-04-03', timeStart: '09:00', timeEnd: '12:00', duration: '00:30', capacity: 2 },
      { dateStart: '2026-04-01', dateEnd: '2026-04-01', timeStart: '07:30', timeEnd: '21:30', duration: '01:45', capacity: 1 },
      { dateStart: '2026-04-01', dateEnd: '2026-04-30', timeStart: '00:00', timeEnd: '23:55', duration: '00:05', capacity: 1 },
    ];
    for (const c of cases) {
      const { capacity, ...body } = c;
      const id = await amenity(a.adminClient, a.building.id, capacity);
      const res = await a.adminClient.post('/api/bookings', { idAmenity: id, ...body });
      assert.equal(res.status, 201, res.text);
      const expected = slotCount({ timeStart: '07:30', timeEnd: '21:30', duration: '08:00', ...body }, capacity).total;
      assert.equal(res.body.created, expected, JSON.stringify(c));
      assert.equal((await rowsOf(id)).length, expected);
    }
    // The defaults, row by row: one 07:30–15:30 window a day, seats 1..3.
    const id = await amenity(a.adminClient, a.building.id, 3);
    await a.adminClient.post('/api/bookings', { idAmenity: id, dateStart: '2026-04-01', dateEnd: '2026-04-02' });
    assert.deepEqual(
      (await rowsOf(id)).map((r) => `${r.start} ${r.finish} ${r.seat}`),
      [1, 2, 3].map((s) => `2026-04-01T07:30 2026-04-01T15:30 ${s}`).concat([1, 2, 3].map((s) => `2026-04-02T07:30 2026-04-02T15:30 ${s}`)),
    );
  });

  test('generation refused: nothing fits (400), end before start (400), overlapping windows (409, none created)', async () => {
    const { a, b } = w;
    const id = await amenity(a.adminClient, a.building.id);
    const post = (o: Record<string, unknown>) =>
      a.adminClient.post('/api/bookings', { idAmenity: id, dateStart: '2026-05-04', dateEnd: '2026-05-04', ...o });
    const none = await post({ timeStart: '21:00', timeEnd: '21:30', duration: '01:00' });
    assert.equal(none.status, 400);
    assert.equal(none.body.error.message, AMENITY_MSG.slotsNone);
    const reversed = await post({ timeStart: '21:00', timeEnd: '09:00', duration: '01:00' });
    assert.equal(reversed.body.error.message, AMENITY_MSG.slotsNone);
    const range = await post({ dateStart: '2026-05-05' });
    assert.equal(range.status, 400);
    assert.equal(range.body.error.fields.dateEnd, AMENITY_MSG.slotsRange);
    const tooLong = await post({ dateEnd: '2027-05-05' });
    assert.equal(tooLong.body.error.fields.dateEnd, AMENITY_MSG.slotsTooMany);

    assert.equal((await post({ timeStart: '09:00', timeEnd: '12:00', duration: '01:00' })).body.created, 3);
    for (const o of [
      { timeStart: '11:30', timeEnd: '13:00', duration: '00:30' },
      { timeStart: '08:00', timeEnd: '09:30', duration: '01:30' },
      { timeStart: '10:00', timeEnd: '11:00', duration: '01:00' },
      { timeStart: '07:00', timeEnd: '20:00', duration: '13:00' },
      // Several days, one of which clashes.
      { dateStart: '2026-05-01', dateEnd: '2026-05-10', timeStart: '11:00', timeEnd: '11:30', duration: '00:30' },
    ]) {
      const res = await post(o);
      assert.equal(res.status, 409, JSON.stringify(o));
      assert.equal(res.body.error.message, AMENITY_MSG.slotsOverlap);
    }
    assert.equal((await rowsOf(id)).length, 3, 'a refused generation creates nothing');
    // Touching is not overlapping: 12:00 onwards, 08:00–09:00, and another day are fine.
    assert.equal((await post({ timeStart: '12:00', timeEnd: '13:00', duration: '01:00' })).status, 201);
    assert.equal((await post({ timeStart: '08:00', timeEnd: '09:00', duration: '01:00' })).status, 201);
    assert.equal(
      (await post({ dateStart: '2026-05-05', dateEnd: '2026-05-05', timeStart: '10:00', timeEnd: '11:00', duration: '01:00' })).status,
      201,
    );
    assert.equal(await overlapping(id), 0);

    // Tenancy and role.
    assert.equal(
      (await b.adminClient.post('/api/bookings', { idAmenity: id, dateStart: '2026-06-01', dateEnd: '2026-06-01' })).status,
      404,
    );
    assert.equal(
      (await a.residentClient.post('/api/bookings', { idAmenity: id, dateStart: '2026-06-01', dateEnd: '2026-06-01' })).status,
      403,
    );
  });

  test('two overlapping generations at once: one 201, one 409, and no two slots of the amenity overlap', async () => {
    const { a } = w;
    for (let round = 0; round < 3; round++) {
      const id = await amenity(a.adminClient, a.building.id, 2);
      const [x, y] = await Promise.all([
        a.adminClient.post('/api/bookings', {
          idAmenity: id,
          dateStart: '2026-06-01',
          dateEnd: '2026-06-30',
          timeStart: '08:00',
          timeEnd: '20:00',
          duration: '01:00',
        }),
        a.adminClient.post('/api/bookings', {
          idAmenity: id,
          dateStart: '2026-06-15',
          dateEnd: '2026-07-15',
          timeStart: '08:30',
          timeEnd: '20:30',
          duration: '00:30',
        }),
      ]);
      assert.deepEqual([x.status, y.status].sort(), [201, 409], `${x.text} ${y.text}`);
      assert.equal(await overlapping(id), 0);
      const winner = x.status === 201 ? x : y;
      assert.equal((await rowsOf(id)).length, winner.body.created);
    }
  });

  test('listing: by amenity, one day, status, paged on the server and ordered by start and seat', async () => {
    const { a, b } = w;
    const id = await amenity(a.adminClient, a.building.id, 2, 'Pileta');
    await a.adminClient.post('/api/bookings', {
      idAmenity: id,
      dateStart: '2026-03-20',
      dateEnd: '2026-03-22',
      timeStart: '10:00',
      timeEnd: '14:00',
      duration: '01:00',
    });
    const day = await a.adminClient.get(`/api/bookings?amenityId=${id}&start=2026-03-21&pageSize=5&page=2`);
    assert.equal(day.status, 200);
    assert.equal(day.body.total, 8);
    assert.deepEqual(
      day.body.items.map((s: { start: string; finish: string }) => `${s.start}–${s.finish}`),
      [
        '2026-03-21T12:00–2026-03-21T13:00',
        '2026-03-21T12:00–2026-03-21T13:00',
        '2026-03-21T13:00–2026-03-21T14:00',
        '2026-03-21T13:00–2026-03-21T14:00',
      ].slice(1),
    );
    const first = (await a.adminClient.get(`/api/bookings?amenityId=${id}&start=2026-03-21&pageSize=5`)).body.items[0];
    assert.deepEqual(Object.keys(first).sort(), ['amenityId', 'createdAt', 'finish', 'id', 'start', 'status', 'user', 'userId']);
    assert.equal(first.status, 'free');
    assert.equal(first.user, null);
    const all = await a.adminClient.get(`/api/bookings/byAmenity/${id}?pageSize=500`);
    assert.equal(all.body.total, 24);
    assert.equal(all.body.items.length, 24);
    assert.equal((await a.adminClient.get(`/api/bookings?amenityId=${id}&status=booked`)).body.total, 0);

    // Tenancy: another administrator and another building's resident see nothing of it.
    assert.equal((await b.adminClient.get(`/api/bookings/byAmenity/${id}`)).status, 404);
    assert.equal((await b.residentClient.get(`/api/bookings/byAmenity/${id}`)).status, 404);
    assert.deepEqual((await b.adminClient.get(`/api/bookings?amenityId=${id}`)).body, { items: [], total: 0 });
    assert.deepEqual((await b.residentClient.get(`/api/bookings?amenityId=${id}`)).body, { items: [], total: 0 });
    assert.equal((await a.residentClient.get(`/api/bookings?amenityId=${id}&start=2026-03-21`)).body.total, 8);
    const bad = await a.adminClient.get(`/api/bookings?start=2026-02-30`);
    assert.equal(bad.status, 400);
  });

  test('a resident sees what they can take as free, names only on their own bookings, and no past slots as free', async () => {
    const { a } = w;
    const id = await amenity(a.adminClient, a.building.id, 2, 'Gimnasio');
    // Today 10/03: 10:00 (past at 12:00) and 14:00.
    await a.adminClient.post('/api/bookings', {
      idAmenity: id,
      dateStart: '2026-03-10',
      dateEnd: '2026-03-10',
      timeStart: '10:00',
      timeEnd: '18:00',
      duration: '04:00',
    });
    const neighbour = await buildResident(t.database.db, (await buildApartment(t.database.db, a.building.id)).id, { name: 'Vecina Dos' });
    const slots = (await a.adminClient.get(`/api/bookings?amenityId=${id}`)).body.items as { id: number; start: string }[];
    const [past1, , s1, s2] = slots;
    assert.equal((await a.adminClient.put(`/api/bookings/${s1!.id}`, { status: 'booked', userId: a.resident.id })).status, 200);
    assert.equal((await a.adminClient.put(`/api/bookings/${s2!.id}`, { status: 'booked', userId: neighbour.id })).status, 200);
    // The neighbour's seat cancelled: anyone may take it again.
    assert.equal((await a.adminClient.put(`/api/bookings/${s2!.id}`, { status: 'cancelled' })).status, 200);

    const free = (await a.residentClient.get(`/api/bookings?amenityId=${id}&status=free`)).body;
    assert.deepEqual(
      free.items.map((s: { id: number; status: string; user: unknown }) => [s.id, s.status, s.user]),
      [[s2!.id, 'free', null]],
    );
    const every = (await a.residentClient.get(`/api/bookings?amenityId=${id}`)).body.items as {
      id: number;
      status: string;
      userId: number | null;
      user: { name: string } | null;
    }[];
    assert.deepEqual(
      every.map((s) => [s.id, s.status, s.user?.name ?? null]),
      [
        [past1!.id, 'free', null],
        [slots[1]!.id, 'free', null],
        [s1!.id, 'booked', 'Vecino A'],
        [s2!.id, 'free', null],
      ],
    );
    // The administrator sees them as stored: the cancelled seat keeps who held it.
    const admin = (await a.adminClient.get(`/api/bookings?amenityId=${id}&start=2026-03-10`)).body.items as {
      status: string;
      user: { name: string } | null;
    }[];
    assert.deepEqual(
      admin.map((s) => [s.status, s.user?.name ?? null]),
      [
        ['free', null],
        ['free', null],
        ['booked', 'Vecino A'],
        ['cancelled', 'Vecina Dos'],
      ],
    );
    // For the administrator, `free` is the literal state: the past and the cancelled seats are not.
    assert.equal((await a.adminClient.get(`/api/bookings?amenityId=${id}&status=free`)).body.total, 2);
  });

  test('PUT /bookings/{id}: free clears the user, cancelled keeps it, booked needs a resident of the building', async () => {
    const { a, b } = w;
    const id = await amenity(a.adminClient, a.building.id, 1, 'Quincho');
    await a.adminClient.post('/api/bookings', { idAmenity: id, dateStart: '2026-04-10', dateEnd: '2026-04-10' });
    const [slot] = (await a.adminClient.get(`/api/bookings?amenityId=${id}`)).body.items as { id: number }[];
    const put = (c: HttpClient, body: object) => c.put(`/api/bookings/${slot!.id}`, body);

    const noUser = await put(a.adminClient, { status: 'booked' });
    assert.equal(noUser.status, 400);
    assert.equal(noUser.body.error.fields.userId, AMENITY_MSG.chooseResident);
    assert.equal((await put(a.adminClient, { status: 'booked', userId: b.resident.id })).status, 404, 'a resident of another building');
    assert.equal((await put(a.adminClient, { status: 'booked', userId: a.admin.id })).status, 404, 'not a resident');
    const booked = await put(a.adminClient, { status: 'booked', userId: a.resident.id });
    assert.equal(booked.status, 200);
    assert.deepEqual(
      [booked.body.status, booked.body.userId, booked.body.user],
      ['booked', a.resident.id, { id: a.resident.id, name: 'Vecino A' }],
    );
    assert.equal((await put(a.adminClient, { status: 'booked', userId: a.resident.id })).status, 200, 'the same again');
    const other = await buildResident(t.database.db, a.apartment.id, { name: 'Otra Vecina' });
    const taken = await put(a.adminClient, { status: 'booked', userId: other.id });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error.message, AMENITY_MSG.taken);

    const cancelled = await put(a.adminClient, { status: 'cancelled' });
    assert.deepEqual([cancelled.body.status, cancelled.body.userId], ['cancelled', a.resident.id]);
    // Booked again without a userId: for whoever held it.
    assert.equal((await put(a.adminClient, { status: 'booked' })).body.userId, a.resident.id);
    const freed = await put(a.adminClient, { status: 'free' });
    assert.deepEqual([freed.body.status, freed.body.userId, freed.body.user], ['free', null, null]);

    assert.equal((await put(b.adminClient, { status: 'free' })).status, 404);
    assert.equal((await put(a.residentClient, { status: 'free' })).status, 403);
    const invalid = await put(a.adminClient, { status: 'gone' });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.error.fields.status, MSG.invalidValue);
    assert.equal((await a.adminClient.put('/api/bookings/999999', { status: 'free' })).status, 404);
  });

  test('PUT /bookings/group: every seat of a window; booked gives the resident one seat', async () => {
    const { a, b } = w;
    const id = await amenity(a.adminClient, a.building.id, 3, 'Salon');
    await a.adminClient.post('/api/bookings', {
      idAmenity: id,
      dateStart: '2026-04-11',
      dateEnd: '2026-04-11',
      timeStart: '10:00',
      timeEnd: '12:00',
      duration: '01:00',
    });
    const group = (c: HttpClient, o: object) => c.put('/api/bookings/group', { amenityId: id, start: '2026-04-11T10:00', ...o });
    const window = async () =>
      (
        (await a.adminClient.get(`/api/bookings?amenityId=${id}&start=2026-04-11`)).body.items as {
          start: string;
          status: string;
          userId: number | null;
        }[]
      )
        .filter((s) => s.start === '2026-04-11T10:00')
        .map((s) => [s.status, s.userId]);

    assert.deepEqual((await group(a.adminClient, { status: 'booked', userId: a.resident.id })).body, { updated: 1 });
    const again = await group(a.adminClient, { status: 'booked', userId: a.resident.id });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.message, AMENITY_MSG.onePerWindow);
    assert.deepEqual(await window(), [
      ['booked', a.resident.id],
      ['free', null],
      ['free', null],
    ]);
    assert.deepEqual((await group(a.adminClient, { status: 'cancelled' })).body, { updated: 3 });
    assert.deepEqual(await window(), [
      ['cancelled', a.resident.id],
      ['cancelled', null],
      ['cancelled', null],
    ]);
    assert.deepEqual((await group(a.adminClient, { status: 'free' })).body, { updated: 3 });
    assert.deepEqual(await window(), [
      ['free', null],
      ['free', null],
      ['free', null],
    ]);
    // The 11:00 window was not touched.
    assert.equal((await a.adminClient.get(`/api/bookings?amenityId=${id}&status=free`)).body.total, 6);

    assert.equal((await group(a.adminClient, { status: 'booked' })).body.error.fields.userId, AMENITY_MSG.chooseResident);
    assert.equal((await group(a.adminClient, { status: 'booked', userId: b.resident.id })).status, 404);
    assert.equal((await group(a.adminClient, { status: 'free', start: '2026-04-11T10:30' })).status, 404, 'no slot starts then');
    for (const start of ['2026-02-30T10:00', '2026-04-11T25:00', '1999-12-31T10:00']) {
      const res = await group(a.adminClient, { status: 'free', start });
      assert.equal(res.status, 400, start);
    }
    assert.equal((await group(b.adminClient, { status: 'free' })).status, 404);
    assert.equal((await group(a.residentClient, { status: 'free' })).status, 403);
  });

  test('GET /bookings/taked/{userId}: booked ones only, upcoming first; the resident themself or their administrator', async () => {
    const { a, b } = w;
    const id = await amenity(a.adminClient, a.building.id, 1, 'Sauna');
    await a.adminClient.post('/api/bookings', {
      idAmenity: id,
      dateStart: '2026-03-08',
      dateEnd: '2026-03-12',
      timeStart: '10:00',
      timeEnd: '11:00',
      duration: '01:00',
    });
    const slots = (await a.adminClient.get(`/api/bookings?amenityId=${id}`)).body.items as { id: number; start: string }[];
    // 08/03 and 09/03 are past; 11/03 and 12/03 ahead; 10/03 10:00 booked then cancelled.
    for (const i of [0, 1, 2, 3, 4]) await a.adminClient.put(`/api/bookings/${slots[i]!.id}`, { status: 'booked', userId: a.resident.id });
    await a.adminClient.put(`/api/bookings/${slots[2]!.id}`, { status: 'cancelled' });
    const mine = await a.residentClient.get(`/api/bookings/taked/${a.resident.id}`);
    assert.equal(mine.status, 200);
    const starts = (mine.body.items as { start: string; amenityId: number }[]).filter((s) => s.amenityId === id).map((s) => s.start);
    assert.deepEqual(starts, ['2026-03-11T10:00', '2026-03-12T10:00', '2026-03-09T10:00', '2026-03-08T10:00']);
    assert.ok(mine.body.items.every((s: { status: string }) => s.status === 'booked'));
    assert.equal((await a.adminClient.get(`/api/bookings/taked/${a.resident.id}`)).status, 200);
    assert.equal((await a.residentClient.get(`/api/bookings/taked/${b.resident.id}`)).status, 404);
    assert.equal((await b.adminClient.get(`/api/bookings/taked/${a.resident.id}`)).status, 404);

    // Each booking names its amenity.
    const named = (mine.body.items as { amenityId: number; amenity: unknown }[]).filter((s) => s.amenityId === id);
    assert.ok(named.every((s) => isDeepStrictEqual(s.amenity, { id, amenity_type: 'Sauna', archived: false })));

    // An archived amenity: its free slots stop being offered; its upcoming bookings are cancelled, the past ones stay
    // in the resident's history, still named.
    assert.equal((await a.adminClient.delete(`/api/amenities/${id}`)).status, 204);
    assert.deepEqual((await a.residentClient.get(`/api/bookings?amenityId=${id}`)).body, { items: [], total: 0 });
    assert.equal((await a.adminClient.get(`/api/bookings/byAmenity/${id}`)).status, 404);
    assert.equal((await a.adminClient.put(`/api/bookings/${slots[3]!.id}`, { status: 'free' })).status, 404);
    const history = (await a.residentClient.get(`/api/bookings/taked/${a.resident.id}`)).body.items as Booking[];
    assert.deepEqual(
      history.filter((s) => s.amenityId === id).map((s) => [s.start, s.amenity]),
      [
        ['2026-03-09T10:00', { id, amenity_type: 'Sauna', archived: true }],
        ['2026-03-08T10:00', { id, amenity_type: 'Sauna', archived: true }],
      ],
    );
  });
});
