/**
 * The throughput bench's yardstick (apps/api/bench/throughput.ts): a bare Fastify 5 + node-postgres
 * server with one route, `GET /api/buildings/findBuilding?id=N`, written by hand to do what the
 * product does for that request, with none of the product's plugins (helmet, compress, swagger,
 * Zod validation and serialization, the session cookie's renewal hook, the error handler).
 *
 * It does the product's checks as raw node-postgres code would, in two round trips (the product reads the
 * caller and the building in one statement since it was measured against this: `findBuildingWithCaller`):
 * 1. the session lookup of `findSessionUser` (apps/api/src/modules/auth/sessions.repository.ts):
 *    `sessions` join `users` left join `apartments` by the sha256 hex of the `sid` cookie (`hashToken`,
 *    apps/api/src/lib/tokens.ts); 401 if there is none, the user is banned or the session is idle
 *    for more than 30 days (then deleted), `last_seen_at` touched when older than 5 minutes, and 403
 *    for a user who has not chosen a password yet (`requireUser`);
 * 2. the building, scoped as `findBuilding` (apps/api/src/modules/buildings/buildings.repository.ts)
 *    scopes it: the tenancy check of `visibleBuildingIds` (apps/api/src/lib/tenancy.ts) is in the same
 *    query's WHERE, `id in (building_admins join buildings where user_id = … and archived_at is null)`
 *    for an administrator (a resident: their own building, not archived); 404 if it is not there.
 * The answer has the columns the product presents (`presentBuilding`). Each query is a named prepared
 * statement (parsed and planned once per connection), as raw node-postgres code at its best would have it.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const SESSION_COOKIE = 'sid';
/** As the product's SESSION_IDLE_MS and TOUCH_AFTER_MS. */
const SESSION_IDLE_MS = 30 * 24 * 3600_000;
const TOUCH_AFTER_MS = 5 * 60_000;
const MAX_ID = 2 ** 31 - 1;

interface SessionRow {
  session_id: number;
  last_seen_at: Date;
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'resident';
  first_logging: boolean;
  is_deleted: boolean;
  apartment_id: number | null;
  building_id: number | null;
}

const SESSION_SQL = `
  select s.id as session_id, s.last_seen_at, u.id, u.name, u.email, u.role, u.first_logging, u.is_deleted,
         u.apartment_id, a.building_id
  from sessions s
  join users u on u.id = s.user_id
  left join apartments a on a.id = u.apartment_id
  where s.token_hash = $1
  limit 1`;

const BUILDING_COLUMNS = 'id, name, cata, address, floor, cant_apartments, image, latitude, longitude';
const ADMIN_BUILDING_SQL = `
  select ${BUILDING_COLUMNS} from buildings
  where id = $1
    and id in (select ba.building_id from building_admins ba join buildings b on b.id = ba.building_id
               where ba.user_id = $2 and b.archived_at is null)
  limit 1`;
const RESIDENT_BUILDING_SQL = `
  select ${BUILDING_COLUMNS} from buildings
  where id = $1 and id in (select b.id from buildings b where b.id = $2 and b.archived_at is null)
  limit 1`;

/** The value of one cookie in a Cookie header (as @fastify/cookie reads it: the first of that name, URI-decoded). */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });

export interface ReferenceServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/** Starts the reference server on a free port of 127.0.0.1, with its own pool of 10 connections to `databaseUrl`. */
export async function startReferenceServer(databaseUrl: string): Promise<ReferenceServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
  // Without a listener an idle client's error (database restart) would kill the process.
  pool.on('error', (err) => console.error(`reference server: idle PostgreSQL client error: ${err.message}`));

  const app = Fastify({ logger: false });
  app.get('/api/buildings/findBuilding', async (request, reply) => {
    // Who: the session lookup (round trip 1).
    const token = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!token) return reply.status(401).send(errorBody('UNAUTHENTICATED', 'Sesión requerida'));
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await pool.query<SessionRow>({ name: 'ref_session', text: SESSION_SQL, values: [hash] });
    const user = rows[0];
    if (!user || user.is_deleted) return reply.status(401).send(errorBody('UNAUTHENTICATED', 'Sesión requerida'));
    const idle = Date.now() - user.last_seen_at.getTime();
    if (idle > SESSION_IDLE_MS) {
      await pool.query('delete from sessions where id = $1', [user.session_id]);
      return reply.status(401).send(errorBody('UNAUTHENTICATED', 'Sesión requerida'));
    }
    if (idle > TOUCH_AFTER_MS) await pool.query('update sessions set last_seen_at = now() where id = $1', [user.session_id]);
    if (user.first_logging) return reply.status(403).send(errorBody('FORBIDDEN', 'Elegí una contraseña'));

    // What: the id, as the product's idSchema takes it (a positive integer below 2^31).
    const raw = (request.query as { id?: unknown }).id;
    const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return reply.status(400).send(errorBody('VALIDATION', 'Id inválido'));

    // The building, within the caller's buildings (round trip 2: the tenancy check is in its WHERE).
    const building =
      user.role === 'admin'
        ? await pool.query({ name: 'ref_building_admin', text: ADMIN_BUILDING_SQL, values: [id, user.id] })
        : await pool.query({ name: 'ref_building_resident', text: RESIDENT_BUILDING_SQL, values: [id, user.building_id ?? -1] });
    const row = building.rows[0];
    if (!row) return reply.status(404).send(errorBody('NOT_FOUND', 'No encontrado'));
    return row;
  });

  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (e) {
    await pool.end();
    throw e;
  }
  const { port } = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
