import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { MSG, SERVICE_MSG, SERVICES_PER_DAY } from '@consorcio/domain';
import { planWithoutSeqScan } from '../../test/plan.ts';
import { proposedSinceQuery } from './services.repository.ts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { buildingAdmins, buildings, ratings } from '../../db/schema.ts';

/** The server's clock stands at 10/03/2026, 12:00 in Argentina (UTC-3), unless a test moves it. */
const NOON_MARCH_10 = new Date('2026-03-10T15:00:00Z');

const fields = {
  title: 'Plomería Núñez',
  provider: 'Juan Núñez',
  enrollment: '4521',
  contact: '+54 351 555-1234',
  detail: 'Destapaciones y pérdidas.\nAtiende sábados.',
};

interface ServiceBody {
  id: number;
  title: string;
  accepted: boolean;
  ratingAverage: number | null;
  ratingCount: number;
  myRating: { id: number; rating: number } | null;
}

describe('useful services and ratings', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let now = NOON_MARCH_10;
  const tick = () => (now = new Date(now.getTime() + 60_000));

  before(async () => {
    t = await startTestServer({ services: { clock: () => now } });
    w = await twoTenants(t);
  });
  after(async () => {
    await t.close();
  });

  /** A resident of a building, logged in. */
  async function residentOf(buildingId: number, name = 'Vecina') {
    const apt = await buildApartment(t.database.db, buildingId);
    const r = await buildResident(t.database.db, apt.id, { name });
    const client = t.client();
    await client.login(r.email, r.password);
    return { ...r, client };
  }

  /** An administrator with a building of their own and two residents of it, logged in. */
  async function world(name = 'Torre') {
    const a = await buildAdmin(t.database.db);
    const building = await buildBuilding(t.database.db, a.id, { name });
    const client = t.client();
    await client.login(a.email, a.password);
    return { admin: { ...a, client }, building, r1: await residentOf(building.id, 'Uno'), r2: await residentOf(building.id, 'Dos') };
  }

  async function publish(c: HttpClient, buildingId: number, o: Partial<typeof fields> = {}): Promise<ServiceBody> {
    tick();
    const res = await c.post('/api/services', { ...fields, ...o, buildingId });
    assert.equal(res.status, 201, res.text);
    return res.body;
  }

  async function rate(c: HttpClient, serviceId: number, rating: number) {
    const res = await c.post('/api/ratings', { serviceId, rating });
    assert.equal(res.status, 201, res.text);
    return res.body as { id: number };
  }

  const titles = (r: { body: { items: { title: string }[] } }) => r.body.items.map((s) => s.title);

  test('an administrator publishes (Aceptado), a resident proposes (Pendiente); accept, delete', async () => {
    const { a } = w;
    const published = await a.adminClient.post('/api/services', { ...fields, title: '  Cerrajería 24 h  ', buildingId: a.building.id });
    assert.equal(published.status, 201, published.text);
    assert.deepEqual(published.body, {
      id: published.body.id,
      title: 'Cerrajería 24 h',
      provider: fields.provider,
      enrollment: '4521',
      contact: fields.contact,
      detail: fields.detail,
      buildingId: a.building.id,
      building: { id: a.building.id, name: 'Edificio A' },
      accepted: true,
      createdAt: now.toISOString(),
      ratingAverage: null,
      ratingCount: 0,
      myRating: null,
    });

    const proposed = await a.residentClient.post('/api/services', {
      title: 'Fumigación',
      provider: 'Plagas SRL',
      contact: 'plagas@example.com',
      buildingId: a.building.id,
    });
    assert.equal(proposed.status, 201, proposed.text);
    assert.equal(proposed.body.accepted, false);
    assert.equal(proposed.body.enrollment, '');
    assert.equal(proposed.body.detail, '');

    // Pending: the residents do not see it, the administrator does.
    const visible = await a.residentClient.get(`/api/services/all/${a.building.id}`);
    assert.equal(visible.status, 200);
    assert.ok(visible.body.items.some((s: ServiceBody) => s.id === published.body.id));
    assert.ok(!visible.body.items.some((s: ServiceBody) => s.id === proposed.body.id));
    const pending = await a.adminClient.get(`/api/services/all?buildingId=${a.building.id}&accepted=false`);
    assert.deepEqual(
      pending.body.items.map((s: ServiceBody) => s.id),
      [proposed.body.id],
    );

    const accepted = await a.adminClient.put('/api/services', { id: proposed.body.id });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.accepted, true);
    assert.deepEqual((await a.adminClient.put('/api/services', { id: proposed.body.id })).body, accepted.body, 'accepting again: the same');
    assert.ok(
      (await a.residentClient.get(`/api/services/all/${a.building.id}`)).body.items.some((s: ServiceBody) => s.id === proposed.body.id),
    );

    await rate(a.residentClient, proposed.body.id, 4);
    assert.equal((await a.adminClient.delete(`/api/services/${proposed.body.id}`)).status, 204);
    assert.equal((await a.adminClient.delete(`/api/services/${proposed.body.id}`)).status, 404);
    const left = await t.database.db.select().from(ratings).where(eq(ratings.serviceId, proposed.body.id));
    assert.equal(left.length, 0, 'its ratings went with it');
    assert.equal((await a.adminClient.put('/api/services', { id: proposed.body.id })).status, 404);
  });

  test('bad input: 400 with the §5 messages; roles: 401 and 403', async () => {
    const { a } = w;
    const post = (body: object) => a.residentClient.post('/api/services', { ...fields, buildingId: a.building.id, ...body });
    for (const contact of ['abc', '12', 'juan@', '351-abc-1234']) {
      const res = await post({ contact });
      assert.equal(res.status, 400, contact);
      assert.equal(res.body.error.code, 'VALIDATION');
      assert.equal(res.body.error.message, 'El campo ingresado en contacto debe ser un número o un email', contact);
      assert.equal(res.body.error.fields.contact, SERVICE_MSG.contact);
    }
    for (const ok of ['3515551234', '+54 9 (351) 555-1234', 'juan.nunez@example.com.ar']) {
      tick();
      assert.equal((await post({ contact: ok })).status, 201, ok);
    }
    for (const missing of ['title', 'provider', 'contact']) {
      const res = await post({ [missing]: '   ' });
      assert.equal(res.status, 400, missing);
      assert.equal(res.body.error.message, SERVICE_MSG.fill, missing);
    }
    const noBuilding = await a.residentClient.post('/api/services', fields);
    assert.equal(noBuilding.status, 400);
    assert.equal(noBuilding.body.error.message, SERVICE_MSG.fill);
    assert.equal((await post({ enrollment: '12a' })).body.error.fields.enrollment, MSG.onlyDigits);
    assert.equal((await post({ title: 'x'.repeat(101) })).status, 400);
    assert.equal((await post({ detail: 'a\u0000b' })).status, 400);
    for (const bad of [0, 6, 3.5, '4', null]) {
      const res = await a.residentClient.post('/api/ratings', { serviceId: 1, rating: bad });
      assert.equal(res.status, 400, String(bad));
      assert.equal(res.body.error.message, SERVICE_MSG.rateRange, String(bad));
    }
    assert.equal((await a.residentClient.put('/api/ratings', { id: 1, rating: 9 })).body.error.message, SERVICE_MSG.rateRange);
    for (const q of ['accepted=si', 'buildingId=0', 'buildingId=x', 'page=0', 'pageSize=501']) {
      assert.equal((await a.adminClient.get(`/api/services/all?${q}`)).status, 400, q);
    }
    for (const q of ['sort=rating', `q=${'x'.repeat(101)}`, 'q=%00']) {
      assert.equal((await a.residentClient.get(`/api/services/all/${a.building.id}?${q}`)).status, 400, q);
    }

    const anon = t.client();
    for (const [method, url, body] of [
      ['GET', '/api/services/all'],
      ['GET', `/api/services/all/${a.building.id}`],
      ['POST', '/api/services', fields],
      ['PUT', '/api/services', { id: 1 }],
      ['DELETE', '/api/services/1'],
      ['POST', '/api/ratings', { serviceId: 1, rating: 3 }],
      ['PUT', '/api/ratings', { id: 1, rating: 3 }],
      ['DELETE', '/api/ratings/1'],
    ] as const) {
      assert.equal((await anon.request(method, url, body)).status, 401, `${method} ${url}`);
    }
    for (const [method, url, body] of [
      ['GET', '/api/services/all'],
      ['PUT', '/api/services', { id: 1 }],
      ['DELETE', '/api/services/1'],
    ] as const) {
      assert.equal((await a.residentClient.request(method, url, body)).status, 403, `resident: ${method} ${url}`);
    }
    for (const [method, url, body] of [
      ['POST', '/api/ratings', { serviceId: 1, rating: 3 }],
      ['PUT', '/api/ratings', { id: 1, rating: 3 }],
      ['DELETE', '/api/ratings/1'],
    ] as const) {
      assert.equal((await a.adminClient.request(method, url, body)).status, 403, `administrator: ${method} ${url}`);
    }
  });

  test('tenancy: another building’s resident and another administrator get 404; pending services stay hidden', async () => {
    const { a, b } = w;
    const service = await publish(a.adminClient, a.building.id, { title: 'Electricista matriculado' });
    const pending = await publish(a.residentClient, a.building.id, { title: 'Jardinería' });
    const mine = await rate(a.residentClient, service.id, 5);

    // Another building's resident.
    assert.equal((await b.residentClient.get(`/api/services/all/${a.building.id}`)).status, 404);
    assert.equal((await b.residentClient.post('/api/services', { ...fields, buildingId: a.building.id })).status, 404);
    assert.equal((await b.residentClient.post('/api/ratings', { serviceId: service.id, rating: 1 })).status, 404);
    assert.equal((await b.residentClient.put('/api/ratings', { id: mine.id, rating: 1 })).status, 404);
    assert.equal((await b.residentClient.delete(`/api/ratings/${mine.id}`)).status, 404);
    // Another administrator.
    assert.equal((await b.adminClient.get(`/api/services/all/${a.building.id}`)).status, 404);
    assert.equal((await b.adminClient.post('/api/services', { ...fields, buildingId: a.building.id })).status, 404);
    assert.equal((await b.adminClient.put('/api/services', { id: pending.id })).status, 404);
    assert.equal((await b.adminClient.delete(`/api/services/${service.id}`)).status, 404);
    assert.equal((await b.adminClient.get(`/api/services/all?buildingId=${a.building.id}`)).body.total, 0);
    assert.ok(!(await b.adminClient.get('/api/services/all?pageSize=500')).body.items.some((s: ServiceBody) => s.id === service.id));
    // A neighbour in the same building cannot touch my rating.
    const neighbour = await residentOf(a.building.id, 'Vecino de al lado');
    assert.equal((await neighbour.client.put('/api/ratings', { id: mine.id, rating: 1 })).status, 404);
    assert.equal((await neighbour.client.delete(`/api/ratings/${mine.id}`)).status, 404);
    // The pending one: hidden from the residents, who cannot rate it.
    assert.equal((await a.residentClient.post('/api/ratings', { serviceId: pending.id, rating: 4 })).status, 404);
    assert.ok(!(await neighbour.client.get(`/api/services/all/${a.building.id}`)).body.items.some((s: ServiceBody) => s.id === pending.id));
    assert.equal((await a.residentClient.post('/api/ratings', { serviceId: 999999, rating: 4 })).status, 404);
    assert.equal((await a.adminClient.delete('/api/services/999999')).status, 404);
    assert.equal((await a.adminClient.get('/api/services/all/999999')).status, 404);
    // Nothing changed: still accepted, still pending, still rated 5.
    const list = await a.adminClient.get(`/api/services/all?buildingId=${a.building.id}&pageSize=500`);
    const byId = new Map(list.body.items.map((s: ServiceBody) => [s.id, s]));
    assert.equal((byId.get(service.id) as ServiceBody).ratingAverage, 5);
    assert.equal((byId.get(pending.id) as ServiceBody).accepted, false);
    // A co-administrator of the building sees and manages it; an archived building answers 404.
    const co = await buildAdmin(t.database.db);
    await t.database.db.insert(buildingAdmins).values({ userId: co.id, buildingId: a.building.id });
    const coClient = t.client();
    await coClient.login(co.email, co.password);
    assert.equal((await coClient.get(`/api/services/all/${a.building.id}`)).status, 200);
    const archived = await buildBuilding(t.database.db, a.admin.id, { name: 'Archivado' });
    const gone = await publish(a.adminClient, archived.id, { title: 'Pintor' });
    await t.database.db.update(buildings).set({ archivedAt: now }).where(eq(buildings.id, archived.id));
    assert.equal((await a.adminClient.get(`/api/services/all/${archived.id}`)).status, 404);
    assert.equal((await a.adminClient.put('/api/services', { id: gone.id })).status, 404);
  });

  test('search by title ignoring case and accents, with % and _ taken literally; paged', async () => {
    const { admin, building, r1 } = await world('Búsqueda');
    for (const title of ['Plomería Núñez', 'Cerrajería 24 h', 'Gas 100% seguro', 'Técnico_ascensores', 'ÁGUILA Mudanzas']) {
      await publish(admin.client, building.id, { title });
    }
    const search = (q: string) => r1.client.get(`/api/services/all/${building.id}?q=${encodeURIComponent(q)}`);
    for (const q of ['plomeria', 'NUÑ', 'nunez', 'PLOMERÍA núñez', ' ería Nú ']) {
      const res = await search(q);
      assert.equal(res.status, 200, q);
      assert.deepEqual(titles(res), ['Plomería Núñez'], q);
    }
    assert.deepEqual(titles(await search('ería')), ['Cerrajería 24 h', 'Plomería Núñez']);
    assert.deepEqual(titles(await search('aguila')), ['ÁGUILA Mudanzas']);
    assert.deepEqual(titles(await search('%')), ['Gas 100% seguro']);
    assert.deepEqual(titles(await search('0%')), ['Gas 100% seguro']);
    assert.deepEqual(titles(await search('_')), ['Técnico_ascensores']);
    assert.deepEqual(titles(await search('o_a')), ['Técnico_ascensores']);
    assert.deepEqual(titles(await search('a_c')), [], '_ is not any character');
    assert.deepEqual(titles(await search('\\')), []);
    const none = await search('zzz');
    assert.deepEqual(none.body, { items: [], total: 0 });
    const paged = await r1.client.get(`/api/services/all/${building.id}?pageSize=2&page=2`);
    assert.equal(paged.body.total, 5);
    assert.deepEqual(titles(paged), ['Gas 100% seguro', 'Plomería Núñez']);
    const searchedPage = await r1.client.get(`/api/services/all/${building.id}?q=ería&pageSize=1&page=2`);
    assert.deepEqual([searchedPage.body.total, titles(searchedPage)], [2, ['Plomería Núñez']]);
    assert.equal((await admin.client.get(`/api/services/all/${building.id}?q=NUNEZ`)).body.total, 1, 'the administrator searches too');
  });

  test('sorts A-Z and by stars; averages to one decimal, counts and my rating per caller', async () => {
    const { admin, building, r1, r2 } = await world('Estrellas');
    const r3 = await residentOf(building.id, 'Tres');
    const s = {
      zeta: await publish(admin.client, building.id, { title: 'Zócalos' }),
      alfa: await publish(admin.client, building.id, { title: 'árboles y poda' }),
      eme: await publish(admin.client, building.id, { title: 'Mudanzas' }),
      nada: await publish(admin.client, building.id, { title: 'Afilador' }),
      beta: await publish(admin.client, building.id, { title: 'Bicicletería' }),
    };
    // Zócalos 5, 4, 4 → 4.3 (3); árboles 5, 4 → 4.5 (2); Bicicletería 4, 5 → 4.5 (2); Mudanzas 2 (1); Afilador none.
    const mineZeta = await rate(r1.client, s.zeta.id, 5);
    await rate(r2.client, s.zeta.id, 4);
    await rate(r3.client, s.zeta.id, 4);
    await rate(r1.client, s.alfa.id, 5);
    await rate(r2.client, s.alfa.id, 4);
    await rate(r2.client, s.eme.id, 2);
    await rate(r1.client, s.beta.id, 4);
    await rate(r2.client, s.beta.id, 5);

    const az = await r1.client.get(`/api/services/all/${building.id}`);
    assert.deepEqual(titles(az), ['Afilador', 'árboles y poda', 'Bicicletería', 'Mudanzas', 'Zócalos'], 'accents and case ignored');
    assert.deepEqual(titles(await r1.client.get(`/api/services/all/${building.id}?sort=az`)), titles(az));

    const stars = await r1.client.get(`/api/services/all/${building.id}?sort=stars`);
    assert.deepEqual(titles(stars), ['árboles y poda', 'Bicicletería', 'Zócalos', 'Mudanzas', 'Afilador']);
    const by = new Map<string, ServiceBody>(stars.body.items.map((x: ServiceBody) => [x.title, x]));
    assert.deepEqual(
      [...by.values()].map((x) => [x.title, x.ratingAverage, x.ratingCount]),
      [
        ['árboles y poda', 4.5, 2],
        ['Bicicletería', 4.5, 2],
        ['Zócalos', 4.3, 3],
        ['Mudanzas', 2, 1],
        ['Afilador', null, 0],
      ],
    );
    // árboles and Bicicletería tie at 4.5 with 2 each: by title.
    assert.deepEqual(by.get('Zócalos')!.myRating, { id: mineZeta.id, rating: 5 });
    assert.equal(by.get('Mudanzas')!.myRating, null, 'r1 did not rate it');

    // Each caller sees their own rating; the administrator none.
    const r2View = new Map<string, ServiceBody>(
      (await r2.client.get(`/api/services/all/${building.id}`)).body.items.map((x: ServiceBody) => [x.title, x]),
    );
    assert.equal(r2View.get('Zócalos')!.myRating!.rating, 4);
    assert.equal(r2View.get('Mudanzas')!.myRating!.rating, 2);
    const adminView = await admin.client.get(`/api/services/all?buildingId=${building.id}`);
    assert.ok(adminView.body.items.every((x: ServiceBody) => x.myRating === null));
    assert.equal(adminView.body.items.find((x: ServiceBody) => x.title === 'Zócalos').ratingAverage, 4.3);
    assert.deepEqual(titles(adminView), ['Bicicletería', 'Afilador', 'Mudanzas', 'árboles y poda', 'Zócalos'], 'newest first');

    // Change and delete one's own: the average follows.
    const changed = await r1.client.put('/api/ratings', { id: mineZeta.id, rating: 1 });
    assert.equal(changed.status, 200);
    assert.deepEqual(changed.body, {
      id: mineZeta.id,
      rating: 1,
      serviceId: s.zeta.id,
      userId: r1.id,
      createdAt: changed.body.createdAt,
    });
    const afterChange = (await r1.client.get(`/api/services/all/${building.id}?q=zocalos`)).body.items[0];
    assert.deepEqual([afterChange.ratingAverage, afterChange.ratingCount, afterChange.myRating.rating], [3, 3, 1]);
    assert.equal((await r1.client.delete(`/api/ratings/${mineZeta.id}`)).status, 204);
    assert.equal((await r1.client.delete(`/api/ratings/${mineZeta.id}`)).status, 404);
    assert.equal((await r1.client.put('/api/ratings', { id: mineZeta.id, rating: 3 })).status, 404);
    const afterDelete = (await r1.client.get(`/api/services/all/${building.id}?q=zocalos`)).body.items[0];
    assert.deepEqual([afterDelete.ratingAverage, afterDelete.ratingCount, afterDelete.myRating], [4, 2, null]);
    // Rated again after deleting.
    await rate(r1.client, s.zeta.id, 3);
    // A second rating by the same resident: 409.
    const again = await r1.client.post('/api/ratings', { serviceId: s.zeta.id, rating: 2 });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.message, SERVICE_MSG.alreadyRated);
  });

  test('20 parallel ratings by one resident: exactly one 201 and 19 × 409, one row', async () => {
    const { admin, building, r1 } = await world('Ráfaga');
    const service = await publish(admin.client, building.id, { title: 'Vidriería' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => r1.client.post('/api/ratings', { serviceId: service.id, rating: (i % 5) + 1 })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, ...Array(19).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) assert.equal(r.body.error.message, SERVICE_MSG.alreadyRated);
    const rows = await t.database.db.select().from(ratings).where(eq(ratings.serviceId, service.id));
    assert.equal(rows.length, 1);
    const winner = results.find((r) => r.status === 201)!.body;
    assert.equal(rows[0]!.rating, winner.rating);
  });

  test("the daily limit's count is answered by an index on the proposer, not a scan of every service", async () => {
    const { r1 } = await world('Plan');
    const plan = await planWithoutSeqScan(t.database.db, (tx) => proposedSinceQuery(tx, r1.id, NOON_MARCH_10));
    assert.doesNotMatch(plan, /Seq Scan/, plan);
    assert.match(plan, /services_created_by_idx/, plan);
  });

  test(`the daily limit: ${SERVICES_PER_DAY} proposals a day in Argentina; the next gets 429 with Retry-After until midnight`, async () => {
    const { admin, building, r1, r2 } = await world('Límite');
    now = new Date('2026-03-11T03:00:00Z'); // 00:00 on 11/03 in Argentina
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < SERVICES_PER_DAY + 1; i++) {
      tick();
      const res = await r1.client.post('/api/services', { ...fields, title: `Servicio ${i}`, buildingId: building.id });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    assert.deepEqual(statuses, [...Array(SERVICES_PER_DAY).fill(201), 429]);
    assert.equal(refused!.body.error.code, 'RATE_LIMITED');
    assert.equal(refused!.body.error.message, SERVICE_MSG.dailyLimit);
    assert.equal(refused!.headers.get('retry-after'), String(24 * 3600 - 11 * 60), 'until midnight in Argentina');
    assert.equal((await r2.client.post('/api/services', { ...fields, buildingId: building.id })).status, 201, 'a neighbour proposes');
    assert.equal(
      (await admin.client.post('/api/services', { ...fields, buildingId: building.id })).status,
      201,
      'administrators have no cap',
    );

    now = new Date('2026-03-12T02:59:59Z'); // 23:59:59 the same day
    assert.equal((await r1.client.post('/api/services', { ...fields, buildingId: building.id })).status, 429);
    now = new Date('2026-03-12T03:00:00Z'); // midnight: a new day
    assert.equal((await r1.client.post('/api/services', { ...fields, buildingId: building.id })).status, 201);

    // A parallel burst on a fresh day proposes exactly the cap.
    now = new Date('2026-03-20T15:00:00Z');
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) => r2.client.post('/api/services', { ...fields, title: `Ráfaga ${i}`, buildingId: building.id })),
    );
    assert.deepEqual(burst.map((r) => r.status).sort(), [...Array(SERVICES_PER_DAY).fill(201), ...Array(15 - SERVICES_PER_DAY).fill(429)]);
    now = NOON_MARCH_10;
  });
});
