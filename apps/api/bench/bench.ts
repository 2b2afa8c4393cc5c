/**
 * npm run bench: settlement time for a building of 1,000 apartments with 10,000 spendings, and
 * p50/p99 of the spendings list over 1,000,000 spendings across 200 buildings (filtered by building
 * and range, and as the board opens: every building, 2021-01-01..today), through the
 * real HTTP server, on PGlite (in memory) and on PostgreSQL (a fresh database from
 * BENCH_DATABASE_URL, dropped afterwards). Data is bulk-loaded with insert … select generate_series.
 * Also: posting an alert to a building with 1,000 subscribed residents (the POST's p50, and the
 * time until the outbox holds its 1,000 notices, queued in the alert's own transaction).
 * Amenities: generating a year of half-hour slots for one amenity (POST /api/bookings), and a
 * resident's free slots of a day (GET /api/bookings?amenityId&start&status=free, one request per
 * amenity as the bookings page asks) in a building of 10 amenities with a year of slots each.
 * PostgreSQL only, last (throughput.ts): requests/s and latency of GET /api/buildings/findBuilding at 10
 * and 50 connections (autocannon, with the sid cookie of a real sign-in) on the product server and on a
 * raw reference server (reference-server.ts: Fastify + pg, the same session lookup and tenancy check) on
 * the same database, and page 1 against page 10,000 of the board as it opens. Any non-2xx answer there
 * fails the bench (exit 1); missed targets are only reported.
 *
 * Knobs: BENCH_ENGINES (default pglite,postgres), BENCH_DATABASE_URL, BENCH_SPENDINGS (the spendings
 * spread over the 200 buildings, default 1,000,000; e.g. 20000 for a quick run while developing: page
 * 10,000 of the board is then past its end) and BENCH_THROUGHPUT_SECONDS (each load run, default 10).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../src/seed/factories.ts';
import { insertSlots } from '../src/modules/bookings/bookings.repository.ts';
import { NO_RULES, SPENDINGS_SINCE_DEFAULT, todayIso } from '@consorcio/domain';
import { BenchFailure, measureThroughput, printThroughput, type ThroughputResult } from './throughput.ts';
import { measureDeepPages, printDeepPages, type DeepPagesResult } from './deep-pages.ts';

const BUILDINGS = 200;
const SPENDINGS = Number(process.env.BENCH_SPENDINGS ?? 1_000_000);
if (!Number.isSafeInteger(SPENDINGS) || SPENDINGS < 1)
  throw new Error(`BENCH_SPENDINGS must be a positive integer: ${process.env.BENCH_SPENDINGS}`);
const SETTLE_APARTMENTS = 1_000;
const SETTLE_SPENDINGS = 10_000;
const LIST_REQUESTS = 1_000;
const WARMUP = 50;
const SUBSCRIBERS = 1_000;
const ALERT_RUNS = 10;
const AMENITIES = 10;
/** A year of half-hour windows, 07:30 to 21:30 (28 a day), two seats each. */
const YEAR_OF_SLOTS = { timeStart: '07:30', timeEnd: '21:30', duration: '00:30' } as const;
const SLOT_CAPACITY = 2;
const GENERATION_RUNS = 5;
/** Ten years of alerts in the first building, and ten complaints by each subscriber of the alerts building. */
const ALERTS = 10_000;
const COMPLAINTS_EACH = 10;

interface Result {
  engine: string;
  loadSeconds: number;
  settleMs: number;
  listP50: number;
  listP99: number;
  boardP50: number;
  boardP99: number;
  alertP50: number;
  alertQueuedP50: number;
  generateMs: number;
  generateRows: number;
  slotsP50: number;
  slotsP99: number;
  /** PostgreSQL only: the product against the reference server. */
  throughput?: ThroughputResult;
  /** Page 1 against deep pages of every list. */
  deepPages: DeepPagesResult[];
}

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A building of AMENITIES amenities with a year of slots each (from today), a third of the
 * windows booked by its resident, loaded with the same generation statement the API runs.
 */
async function loadAmenities(database: Database, adminId: number) {
  const db = database.db;
  const building = await buildBuilding(db, adminId, { name: 'Bench amenities' });
  const apartment = await buildApartment(db, building.id);
  const resident = await buildResident(db, apartment.id, { email: `bench-res-${randomBytes(3).toString('hex')}@example.com` });
  const today = todayIso();
  const ids: number[] = [];
  for (let i = 0; i < AMENITIES; i++) {
    const res = (await db.execute(sql`
      insert into amenities (building_id, amenity_type, capacity, rules)
      values (${building.id}, ${`Amenity ${i}`}, ${SLOT_CAPACITY}, ${JSON.stringify(NO_RULES)}::jsonb) returning id`)) as unknown as {
      rows: { id: number }[];
    };
    const id = res.rows[0]!.id;
    ids.push(id);
    await insertSlots(db, id, SLOT_CAPACITY, { dateStart: today, dateEnd: addDays(today, 365), ...YEAR_OF_SLOTS });
  }
  await db.execute(sql`
    update bookings set status = 'booked', user_id = ${resident.id}
    where amenity_id in (select id from amenities where building_id = ${building.id}) and seat = 1 and id % 3 = 0`);
  await db.execute(sql`vacuum analyze bookings, amenities`);
  return { buildingId: building.id, amenityIds: ids, resident };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function load(database: Database, adminId: number): Promise<number> {
  const db = database.db;
  await db.execute(sql`
    insert into buildings (name, cata, address, floor, cant_apartments, created_by)
    select 'Bench ' || g, 'B-' || g, 'Calle ' || g || ', Córdoba', 10, 10, ${adminId} from generate_series(1, ${BUILDINGS}) g`);
  await db.execute(sql`insert into building_admins (user_id, building_id) select ${adminId}, id from buildings`);
  const res = (await db.execute(sql`select min(id)::int as id from buildings`)) as unknown as { rows: { id: number }[] };
  const b1 = res.rows[0]!.id;
  await db.execute(sql`
    insert into apartments (building_id, cata_apartment, number_apartment, mt2, state)
    select ${b1}, 'UF-' || g, 'A' || g, 30 + (g % 70) + (g % 4) * 0.25, 1 from generate_series(1, ${SETTLE_APARTMENTS}) g`);
  // Five years of spendings spread over 200 buildings, every building on every day of them (the day
  // and the concept come from g / BUILDINGS: from g alone each building would get 9 days and 1 concept).
  await db.execute(sql`
    insert into spendings (building_id, date, concept, supplier, details, amount_cents)
    select ${b1} + (g % ${BUILDINGS}),
           date '2021-01-01' + (((g / ${BUILDINGS})::bigint * 7919) % 1800)::int,
           (array['Limpieza','Ascensor','Luz','Agua','Sueldo encargado','Seguro','Mantenimiento','Fumigación'])[1 + (g / ${BUILDINGS}) % 8],
           'Proveedor ' || (g % 50), 'Detalle ' || g, 1000 + (g::bigint * 104729) % 50000000
    from generate_series(1, ${SPENDINGS}) g`);
  // The month to settle: February 2026 of the first building, 10,000 spendings.
  await db.execute(sql`
    insert into spendings (building_id, date, concept, supplier, details, amount_cents)
    select ${b1}, date '2026-02-01' + (g % 28), 'Mantenimiento', 'Proveedor', 'Detalle ' || g, 1 + (g::bigint * 7919) % 9000000
    from generate_series(1, ${SETTLE_SPENDINGS}) g`);
  // Ten years of alerts of the first building.
  await db.execute(sql`
    insert into alerts (building_id, date, concept, details, importance)
    select ${b1}, date '2016-01-01' + (g * 3659 % 3650), 'Aviso ' || g, 'Detalle ' || g, (array['baja','media','alta'])[1 + g % 3]::importance
    from generate_series(1, ${ALERTS}) g`);
  // As after any bulk load: statistics, hint bits and the visibility map, so reads do not pay for them.
  await db.execute(sql`vacuum analyze`);
  return b1;
}

/** A building of SUBSCRIBERS apartments, each with a resident subscribed to alerts (half `all`, half `important`). */
async function loadSubscribers(database: Database, adminId: number): Promise<number> {
  const db = database.db;
  const res = (await db.execute(sql`
    insert into buildings (name, cata, address, floor, cant_apartments, created_by)
    values ('Bench avisos', 'B-avisos', 'Calle Avisos 1, Córdoba', 20, ${SUBSCRIBERS}, ${adminId})
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = res.rows[0]!.id;
  await db.execute(sql`insert into building_admins (user_id, building_id) values (${adminId}, ${id})`);
  await db.execute(sql`
    insert into apartments (building_id, cata_apartment, number_apartment, mt2, state)
    select ${id}, 'UF-AV-' || g, 'AV' || g, 50, 1 from generate_series(1, ${SUBSCRIBERS}) g`);
  // They never log in: no password hashing needed.
  await db.execute(sql`
    insert into users (name, email, password_hash, role, apartment_id)
    select 'Vecino ' || a.number_apartment, 'aviso-' || a.id || '@example.com', 'no-login', 'resident', a.id
    from apartments a where a.building_id = ${id}`);
  await db.execute(sql`
    insert into subscriptions (user_id, alerts)
    select u.id, (case when u.id % 2 = 0 then 'all' else 'important' end)::subscription_kind
    from users u join apartments a on a.id = u.apartment_id where a.building_id = ${id}`);
  // Ten complaints by each of them, over the last years.
  await db.execute(sql`
    insert into complaints (building_id, apartment_id, user_id, date, subject, details, importance, state, seen, created_at)
    select ${id}, u.apartment_id, u.id, date '2021-01-01' + ((u.id * 31 + g * 97) % 1800),
           'Reclamo ' || g, 'Detalle del reclamo', (array['baja','media','alta'])[1 + (u.id + g) % 3]::importance,
           (array['opened','closed'])[1 + (u.id * g) % 2]::complaint_state, g % 2 = 0,
           timestamptz '2021-01-01' + ((u.id * 7919 + g * 104729) % 157680000) * interval '1 second'
    from users u join apartments a on a.id = u.apartment_id, generate_series(1, ${COMPLAINTS_EACH}) g
    where a.building_id = ${id}`);
  await db.execute(sql`analyze buildings, apartments, users, subscriptions, complaints`);
  return id;
}

async function run(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<Result> {
  const database = await openDatabase({ databaseUrl });
  try {
    const admin = await buildAdmin(database.db, { email: `bench-${randomBytes(3).toString('hex')}@example.com` });
    const t0 = performance.now();
    const b1 = await load(database, admin.id);
    const alertBuilding = await loadSubscribers(database, admin.id);
    const slotsWorld = await loadAmenities(database, admin.id);
    const loadSeconds = (performance.now() - t0) / 1000;
    console.log(`[${engine}] loaded ${SPENDINGS + SETTLE_SPENDINGS} spendings in ${loadSeconds.toFixed(1)} s`);

    const config = loadConfig({ PORT: '0', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const login = await fetch(`${base}/api/loggings/loggingIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      // Warm-up (first use of the routes and statements): settle another month of the same building.
      const warm = await fetch(`${base}/api/expenses/add/10/2024`, { method: 'POST', headers, body: JSON.stringify({ buildingId: b1 }) });
      if (warm.status !== 201) throw new Error(`warm-up settlement failed: ${warm.status}`);

      const s0 = performance.now();
      const settle = await fetch(`${base}/api/expenses/add/1/2026`, { method: 'POST', headers, body: JSON.stringify({ buildingId: b1 }) });
      const settleMs = performance.now() - s0;
      const body = (await settle.json()) as { items: unknown[] };
      if (settle.status !== 201 || body.items.length !== SETTLE_APARTMENTS) throw new Error(`settlement failed: ${settle.status}`);

      let seed = 1;
      const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const timeRequests = async (url: () => string): Promise<number[]> => {
        const times: number[] = [];
        for (let i = 0; i < WARMUP + LIST_REQUESTS; i++) {
          const u = url();
          const r0 = performance.now();
          const res = await fetch(u, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`list failed: ${res.status} ${u}`);
          if (i >= WARMUP) times.push(performance.now() - r0);
        }
        return times;
      };

      // The board filtered: one building, a date range, a page of 5, with count and sum.
      const list = await timeRequests(() => {
        const buildingId = b1 + Math.floor(rnd() * BUILDINGS);
        const start = 2021 + Math.floor(rnd() * 4);
        return `${base}/api/spendings/all?buildingId=${buildingId}&since=${start}-01-01&upTo=${start + 1}-06-30&page=${1 + Math.floor(rnd() * 3)}&pageSize=5`;
      });
      // The board as it opens: no building filter, 2021-01-01..today, over all 200 buildings of the administrator.
      const today = todayIso();
      const board = await timeRequests(
        () => `${base}/api/spendings/all?since=${SPENDINGS_SINCE_DEFAULT}&upTo=${today}&page=${1 + Math.floor(rnd() * 3)}&pageSize=5`,
      );

      // An alert (alta: every subscriber is told) to the building of 1,000 subscribers: the POST, and
      // until the outbox holds its 1,000 notices (the same transaction, so right after the 201).
      const one = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const alertTimes: number[] = [];
      const queuedTimes: number[] = [];
      for (let i = 0; i <= ALERT_RUNS; i++) {
        const before = await one(sql`select coalesce(max(id), 0)::int as n from mail_outbox`);
        const a0 = performance.now();
        const res = await fetch(`${base}/api/alerts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            building: alertBuilding,
            date: today,
            concept: `Corte de agua ${i}`,
            details: 'De 9 a 13',
            importance: 'alta',
          }),
        });
        await res.arrayBuffer();
        const postMs = performance.now() - a0;
        if (res.status !== 201) throw new Error(`alert failed: ${res.status}`);
        const queued = await one(sql`select count(*)::int as n from mail_outbox where id > ${before}`);
        const queuedMs = performance.now() - a0;
        if (queued !== SUBSCRIBERS) throw new Error(`alert queued ${queued} notices, expected ${SUBSCRIBERS}`);
        // The first is the warm-up.
        if (i > 0) {
          alertTimes.push(postMs);
          queuedTimes.push(queuedMs);
        }
      }
      // A year of half-hour slots for one amenity: a fresh amenity each run (the first is the warm-up).
      const today0 = todayIso();
      const generateTimes: number[] = [];
      let generateRows = 0;
      for (let i = 0; i <= GENERATION_RUNS; i++) {
        const made = await fetch(`${base}/api/amenities`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ amenity_type: 'Pileta', quantity: 1, capacity: SLOT_CAPACITY, building: slotsWorld.buildingId }),
        });
        const { id } = (await made.json()) as { id: number };
        const g0 = performance.now();
        const res = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ idAmenity: id, dateStart: today0, dateEnd: addDays(today0, 365), ...YEAR_OF_SLOTS }),
        });
        const out = (await res.json()) as { created: number };
        if (res.status !== 201) throw new Error(`generation failed: ${res.status}`);
        if (i > 0) generateTimes.push(performance.now() - g0);
        generateRows = out.created;
        // Archived again, so the building keeps its AMENITIES for the next figure.
        await fetch(`${base}/api/amenities/${id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
      }

      // A resident's free slots of one day, one amenity per request, over the building's year of slots.
      const resLogin = await fetch(`${base}/api/loggings/loggingIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: slotsWorld.resident.email, password: slotsWorld.resident.password }),
      });
      const residentToken = ((await resLogin.json()) as { token: string }).token;
      const slotTimes: number[] = [];
      for (let i = 0; i < WARMUP + LIST_REQUESTS; i++) {
        const amenityId = slotsWorld.amenityIds[Math.floor(rnd() * AMENITIES)]!;
        const day = addDays(today0, Math.floor(rnd() * 366));
        const r0 = performance.now();
        const res = await fetch(`${base}/api/bookings?amenityId=${amenityId}&start=${day}&status=free`, {
          headers: { authorization: `Bearer ${residentToken}` },
        });
        const body = (await res.json()) as { total: number };
        if (res.status !== 200 || body.total === 0) throw new Error(`free slots failed: ${res.status} ${JSON.stringify(body)}`);
        if (i >= WARMUP) slotTimes.push(performance.now() - r0);
      }

      // Page 1 against deep pages of every paged list, as the administrator (the resident's own lists as the resident).
      const one0 = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const apartmentOfB1 = await one0(sql`select min(id)::int as n from apartments where building_id = ${b1}`);
      const apartmentWithResident = await one0(sql`select min(apartment_id)::int as n from users where apartment_id is not null`);
      const expenseOfB1 = await one0(sql`select min(id)::int as n from expenses where building_id = ${b1}`);
      const complainer = await one0(sql`select min(user_id)::int as n from complaints where building_id = ${alertBuilding}`);
      const asResident = { authorization: `Bearer ${residentToken}` };
      const range = `since=${SPENDINGS_SINCE_DEFAULT}&upTo=${today}`;
      const deepPages = await measureDeepPages(
        [
          { name: 'spendings: the board as it opens (every building)', url: `${base}/api/spendings/all?${range}` },
          { name: 'spendings: one building', url: `${base}/api/spendings/all?buildingId=${b1}&${range}` },
          { name: 'spendings: one concept, every building', url: `${base}/api/spendings/all?concept=Limpieza&${range}` },
          { name: 'buildings', url: `${base}/api/buildings/all` },
          { name: 'apartments of a building', url: `${base}/api/apartments/all/${b1}` },
          { name: 'residents (every building)', url: `${base}/api/users/getall` },
          { name: 'residents of a building', url: `${base}/api/users/allByBuilding/${alertBuilding}` },
          { name: 'residents of an apartment', url: `${base}/api/users/all/${apartmentWithResident}` },
          { name: 'subscriptions of a building', url: `${base}/api/subscriptions/all/${alertBuilding}` },
          { name: 'alerts of a building', url: `${base}/api/alerts/all?buildingId=${b1}` },
          { name: 'complaints (every building)', url: `${base}/api/complaints/all` },
          { name: "a resident's complaints", url: `${base}/api/complaints/user/${complainer}` },
          { name: 'expenses by apartment', url: `${base}/api/expenses/allByApartments?buildingId=${b1}` },
          { name: 'settled months', url: `${base}/api/expenses/invoicedExpenses` },
          { name: "an apartment's expenses", url: `${base}/api/expenses/${apartmentOfB1}` },
          { name: "an expense's payments", url: `${base}/api/payment/expense/${expenseOfB1}` },
          { name: 'amenities', url: `${base}/api/amenities` },
          { name: 'slots of every amenity', url: `${base}/api/bookings` },
          { name: 'slots of an amenity', url: `${base}/api/bookings/byAmenity/${slotsWorld.amenityIds[0]}` },
          { name: "a resident's bookings", url: `${base}/api/bookings/taked/${slotsWorld.resident.id}` },
          { name: 'services', url: `${base}/api/services/all` },
        ].map((l) => ({ ...l, headers: l.name.startsWith("a resident's b") ? asResident : { authorization: headers.authorization } })),
        engine,
      );

      // Last, on the loaded database: the administrator of every building, on the product and on the reference server.
      const throughput =
        engine === 'postgres' && databaseUrl
          ? await measureThroughput({ productBase: base, databaseUrl, email: admin.email, password: admin.password, buildingId: b1 })
          : undefined;

      return {
        engine,
        loadSeconds,
        settleMs,
        listP50: pct(list, 50),
        listP99: pct(list, 99),
        boardP50: pct(board, 50),
        boardP99: pct(board, 99),
        alertP50: pct(alertTimes, 50),
        alertQueuedP50: pct(queuedTimes, 50),
        generateMs: pct(generateTimes, 50),
        generateRows,
        slotsP50: pct(slotTimes, 50),
        slotsP99: pct(slotTimes, 99),
        throughput,
        deepPages,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function withFreshPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const name = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const results: Result[] = [];
let failure: BenchFailure | undefined;
if (engines.includes('pglite')) results.push(await run('pglite'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (engines.includes('postgres'))
  try {
    results.push(await withFreshPostgres(pgUrl, (url) => run('postgres', url)));
  } catch (e) {
    if (e instanceof BenchFailure) failure = e;
    else console.error(`PostgreSQL skipped (${pgUrl}): ${(e as Error).message}`);
  }

console.log(
  '\n| engine | bulk load (s) | settlement, 1,000 apartments / 10,000 spendings (ms) | list p50 (ms) | list p99 (ms) | default board p50 (ms) | default board p99 (ms) | alert to 1,000 subscribers: POST p50 (ms) | until the outbox holds the 1,000 notices, p50 (ms) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${r.loadSeconds.toFixed(1)} | ${r.settleMs.toFixed(1)} | ${r.listP50.toFixed(2)} | ${r.listP99.toFixed(2)} | ${r.boardP50.toFixed(2)} | ${r.boardP99.toFixed(2)} | ${r.alertP50.toFixed(1)} | ${r.alertQueuedP50.toFixed(1)} |`,
  );
}
console.log(
  `\n| engine | a year of half-hour slots for one amenity, POST p50 (ms) | rows | a day's free slots of one amenity p50 (ms) | p99 (ms) |`,
);
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.engine} | ${r.generateMs.toFixed(1)} | ${r.generateRows} | ${r.slotsP50.toFixed(2)} | ${r.slotsP99.toFixed(2)} |`);
}
const pgResult = results.find((r) => r.engine === 'postgres');
for (const r of results) printDeepPages(r.engine, r.deepPages);
if (pgResult) {
  const ok = pgResult.settleMs <= 100 && pgResult.listP99 <= 30 && pgResult.boardP99 <= 30;
  console.log(`\nPostgreSQL targets (settlement ≤ 100 ms, list and default board p99 ≤ 30 ms): ${ok ? 'met' : 'NOT met'}`);
  if (pgResult.throughput) printThroughput(pgResult.throughput);
}
if (failure) {
  console.error(`\nBENCH FAILED (PostgreSQL, throughput): ${failure.message}`);
  process.exit(1);
}
process.exit(0);
