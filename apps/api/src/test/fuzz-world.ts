import fs from 'node:fs';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import * as schema from '../db/schema.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../seed/factories.ts';
import type { TestServer } from './harness.ts';
import { toJson, asText } from './fuzz-values.ts';

/** The server trusts one proxy hop (TRUST_PROXY=1): fixtures log in from one address, fuzzed calls come from another. */
export const FIXTURE_ADDRESS = '10.77.0.1';
export const FUZZ_ADDRESS = '10.66.0.1';

export type Role = 'admin' | 'resident' | 'anon';

interface Account {
  id: number;
  email: string;
  password: string;
  token?: string;
}

/** Real data owned by a signed-in administrator (and one resident), so fuzzed calls reach the database. */
export interface World {
  admin: Account;
  resident: Account;
  /** The administrator's own buildings and apartments. */
  buildingIds: number[];
  apartmentIds: number[];
  /** Another administrator's building and apartment (answer 404, never 500). */
  foreignIds: number[];
  userIds: number[];
  /** This world's ids in every table that has an `id` column (spendings, expenses, ... and tables later issues add). */
  idsByTable: Record<string, number[]>;
  anyIds: number[];
  emails: string[];
  imagePaths: string[];
  numbers: string[];
  /** Logins left for this route: a route that ends sessions (logout) must not spend its run on argon2. */
  loginBudget: number;
}

export const tinyPng = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

export async function createWorld(t: TestServer): Promise<World> {
  const db = t.database.db;
  const before = await lastIds(t);
  const adminRow = await buildAdmin(db, { name: 'Admin Fuzz' });
  const building = await buildBuilding(db, adminRow.id, { name: 'Edificio Fuzz' });
  const second = await buildBuilding(db, adminRow.id, { name: 'Edificio Fuzz 2' });
  const numbers = ['1A', '2B', '3C', 'PB'];
  const apartmentRows = [];
  for (const [i, n] of numbers.entries()) {
    apartmentRows.push(
      await buildApartment(db, i < 3 ? building.id : second.id, { numberApartment: n, mt2: 40 + i, state: i === 0 ? 1 : 0 }),
    );
  }
  const residentRow = await buildResident(db, apartmentRows[0]!.id, { name: 'Vecino Fuzz' });
  // Another tenant's records: their ids must answer 404, never 500.
  const otherAdmin = await buildAdmin(db, { name: 'Otro Admin' });
  const otherBuilding = await buildBuilding(db, otherAdmin.id, { name: 'Edificio Ajeno' });
  const otherApartment = await buildApartment(db, otherBuilding.id, { numberApartment: '9Z' });

  const world: World = {
    admin: { id: adminRow.id, email: adminRow.email, password: adminRow.password },
    resident: { id: residentRow.id, email: residentRow.email, password: residentRow.password },
    buildingIds: [building.id, second.id],
    apartmentIds: apartmentRows.map((a) => a.id),
    foreignIds: [otherBuilding.id, otherApartment.id, otherAdmin.id],
    userIds: [adminRow.id, residentRow.id, otherAdmin.id],
    idsByTable: {},
    anyIds: [],
    emails: [adminRow.email, residentRow.email, otherAdmin.email],
    imagePaths: [],
    numbers,
    loginBudget: 30,
  };
  await ensureSession(t, world, 'admin');
  await ensureSession(t, world, 'resident');

  // Best effort through the API (other work may change these routes): spendings, a month's expenses, an image.
  const call = (method: string, path: string, body?: unknown) =>
    sendRaw(t, method, path, {
      role: 'admin',
      world,
      address: FIXTURE_ADDRESS,
      body: body === undefined ? undefined : { kind: 'json', value: body },
    });
  for (const [date, concept, amount] of [
    ['2025-03-05', 'Luz', 1200.5],
    ['2025-03-20', 'Agua', 800],
    ['2025-04-02', 'Eléctricidad', 99.99],
  ] as const) {
    await call('POST', '/api/spendings/add', { building: building.id, date, concept, supplier: 'EPEC', details: 'Factura', amount });
  }
  await call('POST', '/api/expenses/add/2/2025', { buildingId: building.id });
  // The resident's expense of that month: a checkout left open, one rejected, so the payment routes' ids hit real rows.
  const ownExpenses = await sendRaw(t, 'GET', `/api/expenses/${apartmentRows[0]!.id}`, {
    role: 'resident',
    world,
    address: FIXTURE_ADDRESS,
  });
  const ownExpenseId = (ownExpenses.json as { items?: { id?: unknown }[] } | undefined)?.items?.[0]?.id;
  if (typeof ownExpenseId === 'number') {
    const pay = () => sendRaw(t, 'POST', `/api/payment/expense/${ownExpenseId}`, { role: 'resident', world, address: FIXTURE_ADDRESS });
    const first = (await pay()).json as { paymentId?: unknown } | undefined;
    if (typeof first?.paymentId === 'number')
      await sendRaw(t, 'POST', `/api/payment/sandbox/${first.paymentId}/reject`, { role: 'resident', world, address: FIXTURE_ADDRESS });
    await pay();
  }
  // And a paid one recorded by the administrator (a manual payment), for the receipt route.
  const adminExpenses = await call('GET', `/api/expenses/${apartmentRows[1]!.id}`);
  const paidExpenseId = (adminExpenses.json as { items?: { id?: unknown }[] } | undefined)?.items?.[0]?.id;
  if (typeof paidExpenseId === 'number') await call('PUT', `/api/expenses/changeStatus/${paidExpenseId}`);
  // An alert with a subscriber, so the alert routes' ids hit a real row and its edits queue notices.
  await sendRaw(t, 'POST', '/api/subscriptions', {
    role: 'resident',
    world,
    address: FIXTURE_ADDRESS,
    body: { kind: 'json', value: { alerts: 'all' } },
  });
  await call('POST', '/api/alerts', {
    building: building.id,
    date: '2099-12-01',
    concept: 'Corte de agua',
    details: 'De 9 a 13',
    importance: 'alta',
  });
  const fd = new FormData();
  fd.append('body', JSON.stringify({ id: building.id }));
  fd.append('image', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'foto.png');
  const put = await sendRaw(t, 'PUT', '/api/buildings', {
    role: 'admin',
    world,
    address: FIXTURE_ADDRESS,
    body: { kind: 'form', form: fd },
  });
  const image = (put.json as { image?: unknown } | undefined)?.image;
  if (typeof image === 'string') world.imagePaths.push(image.replace(/^\/api\/files\//, ''));
  // A complaint of the world's resident, with a photo, so the complaint routes' ids and its image hit real rows.
  const complaint = new FormData();
  complaint.append(
    'body',
    JSON.stringify({ date: '2025-03-10', subject: 'Pérdida de agua', details: 'Gotea el techo', importance: 'alta' }),
  );
  complaint.append('image', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'reclamo.png');
  const filed = await sendRaw(t, 'POST', '/api/complaints', {
    role: 'resident',
    world,
    address: FIXTURE_ADDRESS,
    body: { kind: 'form', form: complaint },
  });
  const complaintImage = (filed.json as { image?: unknown } | undefined)?.image;
  if (typeof complaintImage === 'string') world.imagePaths.push(complaintImage.replace(/^\/api\/files\//, ''));

  // An amenity with slots, one of them booked by the world's resident, so the amenity and booking routes' ids hit real rows.
  const amenity = await call('POST', '/api/amenities', {
    amenity_type: 'Parrilla',
    quantity: 1,
    capacity: 2,
    amenity_detail: 'Terraza',
    building: building.id,
    rules: { maxPerWeek: 2, cancelHours: 24 },
  });
  const amenityId = (amenity.json as { id?: unknown } | undefined)?.id;
  if (typeof amenityId === 'number') {
    await call('POST', '/api/bookings', {
      idAmenity: amenityId,
      dateStart: '2099-01-01',
      dateEnd: '2099-01-03',
      timeStart: '10:00',
      timeEnd: '14:00',
      duration: '02:00',
    });
    const slots = await call('GET', `/api/bookings?amenityId=${amenityId}&pageSize=1`);
    const slotId = (slots.json as { items?: { id?: unknown }[] } | undefined)?.items?.[0]?.id;
    if (typeof slotId === 'number') await call('PUT', `/api/bookings/${slotId}`, { status: 'booked', userId: residentRow.id });
  }

  // An accepted service rated by the world's resident, and a pending proposal of theirs, so the service and rating routes' ids hit real rows.
  const service = await call('POST', '/api/services', {
    title: 'Plomería Núñez',
    provider: 'Juan Núñez',
    enrollment: '4521',
    contact: '3515551234',
    detail: 'Destapaciones',
    buildingId: building.id,
  });
  const serviceId = (service.json as { id?: unknown } | undefined)?.id;
  const asResident = (method: string, path: string, body: unknown) =>
    sendRaw(t, method, path, { role: 'resident', world, address: FIXTURE_ADDRESS, body: { kind: 'json', value: body } });
  if (typeof serviceId === 'number') await asResident('POST', '/api/ratings', { serviceId, rating: 4 });
  await asResident('POST', '/api/services', {
    title: 'Fumigación',
    provider: 'Plagas SRL',
    contact: 'plagas@example.com',
    buildingId: building.id,
  });

  const after = await lastIds(t);
  for (const [name, ids] of Object.entries(after)) {
    const mine = ids.filter((id) => id > Math.max(0, ...(before[name] ?? [])));
    if (mine.length) world.idsByTable[name] = mine;
  }
  world.idsByTable.buildings = world.buildingIds;
  world.idsByTable.apartments = world.apartmentIds;
  world.idsByTable.users = world.userIds;
  world.anyIds = [...new Set(Object.values(world.idsByTable).flat())].sort((a, b) => a - b);
  return world;
}

/** The last 20 ids of every table with an integer `id` column, by table name. */
async function lastIds(t: TestServer): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || !('id' in getTableColumns(table))) continue;
    const rows = (await t.database.db
      .select({ id: sql<number>`id` })
      .from(table)
      .orderBy(sql`id desc`)
      .limit(20)) as { id: unknown }[];
    out[getTableName(table)] = rows.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  }
  return out;
}

/** Logs the role in (from the fixture address) when it has no session; a user the fuzzing changed gets a fresh twin. */
export async function ensureSession(t: TestServer, world: World, role: Role): Promise<void> {
  if (role === 'anon') return;
  const account = world[role];
  if (account.token || world.loginBudget <= 0) return;
  world.loginBudget--;
  const login = async () =>
    sendRaw(t, 'POST', '/api/loggings/loggingIn', {
      role: 'anon',
      world,
      address: FIXTURE_ADDRESS,
      body: { kind: 'json', value: { email: account.email, password: account.password } },
    });
  let res = await login();
  if (res.status !== 200) {
    // Banned, renamed or re-passworded by a fuzzed call: restore the account as the fixtures made it.
    await t.database.db
      .update(schema.users)
      .set({ email: account.email, isDeleted: false, firstLogging: false, passwordHash: (await freshHash(account.password)) as string })
      .where(sql`id = ${account.id}`);
    res = await login();
  }
  const token = (res.json as { token?: unknown } | undefined)?.token;
  if (res.status === 200 && typeof token === 'string') account.token = token;
}

let hashOfDefault: Promise<string> | undefined;
async function freshHash(password: string): Promise<string> {
  const { hashPassword } = await import('../lib/password.ts');
  if (password === 'Clave1234') return (hashOfDefault ??= hashPassword(password));
  return hashPassword(password);
}

export type Body =
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; text: string; contentType?: string }
  | { kind: 'form'; form: FormData };

export interface Outcome {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}

const TIMEOUT_MS = 30_000;

/** One HTTP call with the role's bearer token; the path (with its query) is sent as it is, malformed encoding included. */
export async function sendRaw(
  t: TestServer,
  method: string,
  pathAndQuery: string,
  o: { role: Role; world: World; address: string; body?: Body; headers?: Record<string, string> },
): Promise<Outcome> {
  const headers: Record<string, string> = { 'x-forwarded-for': o.address, ...o.headers };
  const token = o.role === 'anon' ? undefined : o.world[o.role].token;
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: RequestInit['body'];
  if (o.body?.kind === 'json') {
    headers['content-type'] = o.body.contentType ?? 'application/json';
    payload = toJson(o.body.value);
  } else if (o.body?.kind === 'raw') {
    // Bytes, so that fetch adds no content type of its own.
    if (o.body.contentType !== undefined) headers['content-type'] = o.body.contentType;
    payload = Buffer.from(o.body.text);
  } else if (o.body?.kind === 'form') payload = o.body.form;
  const res = await fetch(t.baseUrl + pathAndQuery, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  let json: unknown;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, text, json, contentType };
}

/** What is wrong with an answer, if anything: any 5xx, or an error without the API error body. */
export function problemWith(res: Outcome): string | undefined {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status >= 200 && res.status < 300) return undefined;
  const e = (res.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (!e || typeof e.code !== 'string' || !/^[A-Z_]+$/.test(e.code) || typeof e.message !== 'string' || !e.message)
    return `answered ${res.status} without the API error body {error:{code,message}}`;
  return undefined;
}

// ---- findings: each distinct failure once, for the people fixing them ----------------------------

export const FINDINGS_FILE = process.env.FUZZ_FINDINGS ?? '/tmp/fuzz-findings.md';

/** The error lines the server logged (level warn and above) since `from`. */
export function serverErrors(t: TestServer, from: number): string[] {
  const out: string[] = [];
  for (const line of t.logs.slice(from)) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string; code?: string } };
      if ((entry.level ?? 0) < 40) continue;
      const err = entry.err;
      out.push(err ? `${entry.msg}: ${err.type ?? 'Error'}${err.code ? ` [${err.code}]` : ''}: ${err.message ?? ''}` : `${entry.msg}`);
    } catch {
      out.push(line.slice(0, 300));
    }
  }
  return out;
}

export interface Finding {
  engine: string;
  seed: number;
  method: string;
  route: string;
  request: string;
  status: number;
  response: string;
  problem: string;
  log: string[];
}

/** Appends a finding to FINDINGS_FILE unless one with the same key (status, route, first log line, numbers masked) is there. */
export function recordFinding(f: Finding): boolean {
  const logKey = (f.log[0] ?? f.response)
    .replace(/\d+/g, 'N')
    .replace(/"[^"]{40,}"/g, '"…"')
    .slice(0, 160);
  const key = `${f.status} ${f.method} ${f.route} ${logKey}`.replace(/--/g, '-').replace(/\s+/g, ' ');
  const existing = fs.existsSync(FINDINGS_FILE) ? fs.readFileSync(FINDINGS_FILE, 'utf8') : '';
  if (existing.includes(`<!-- key: ${key} -->`)) return false;
  const header = existing
    ? ''
    : '# Fuzz findings (apps/api/src/fuzz.test.ts)\n\nEach distinct failure once; re-run with the seed shown.\n\n';
  const entry = [
    `## ${f.status} ${f.method} ${f.route}`,
    `<!-- key: ${key} -->`,
    `- problem: ${f.problem}`,
    `- engine: ${f.engine}, seed ${f.seed}`,
    `- request: \`${clip(f.request, 600)}\``,
    `- response: \`${clip(f.response, 300)}\``,
    ...(f.log.length ? [`- server log: \`${clip(f.log.join(' | '), 600)}\``] : []),
    '',
    '',
  ].join('\n');
  fs.appendFileSync(FINDINGS_FILE, header + entry);
  return true;
}

function clip(s: string, n: number): string {
  const flat = [...s.replace(/`/g, "'")]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
    .join('');
  return flat.length > n ? `${flat.slice(0, n)}… (${flat.length} chars)` : flat;
}

export { asText };
