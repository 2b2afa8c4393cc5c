import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { buildApp } from '../app.ts';
import type { Services } from '../services.ts';

/**
 * A real server on a loopback port over a real database: PGlite in memory by default,
 * or a fresh PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is set.
 */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  engine: 'pglite' | 'postgres';
  /** Log lines, when started with `captureLogs`. */
  logs: string[];
  client(): HttpClient;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  services?: Partial<Services>;
  /**
   * Run over this test database (see createTestDatabase) instead of a fresh one: the server
   * opens its own connection and closes it on close(), and the data stays for the next server,
   * as a restarted process would find it. The caller drops it.
   */
  database?: TestDatabase;
  /** Keep the log lines in `logs` (at LOG_LEVEL, default info). */
  captureLogs?: boolean;
  /** PostgreSQL only: create the fresh database with this locale (e.g. 'C'), from template0. */
  postgresLocale?: string;
}

/**
 * Storage for a database that outlives one server: PGlite in a temporary folder, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Each open() is a new connection to it.
 */
export interface TestDatabase {
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { databaseUrl, dropDatabase } = await createPostgresDatabase(adminUrl);
    return { open: () => openDatabase({ databaseUrl }), drop: dropDatabase };
  }
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consorcio-testdb-'));
  return {
    open: () => openDatabase({ dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(
  adminUrl: string,
  locale?: string,
): Promise<{ databaseUrl: string; dropDatabase: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${locale ? ` template template0 locale '${locale}'` : ''}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    databaseUrl: u.toString(),
    dropDatabase: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (opts.database) {
    database = await opts.database.open();
  } else {
    let databaseUrl: string | undefined;
    if (adminUrl) ({ databaseUrl, dropDatabase } = await createPostgresDatabase(adminUrl, opts.postgresLocale));
    database = await openDatabase({ databaseUrl });
  }
  const logs: string[] = [];
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: opts.captureLogs ? 'info' : 'silent',
    WEB_DIST: '/nonexistent',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    database,
    services: opts.services,
    logger: !!opts.captureLogs,
    logStream: opts.captureLogs ? { write: (line: string) => void logs.push(line) } : undefined,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    baseUrl,
    engine: database.kind,
    logs,
    client: () => new HttpClient(baseUrl),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, like a browser tab. */
export class HttpClient {
  private cookies = new Map<string, string>();
  bearer?: string;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c) || /max-age=0/i.test(c)) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  async login(email: string, password: string): Promise<HttpResponse> {
    const res = await this.post('/api/loggings/loggingIn', { email, password });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${res.text}`);
    return res;
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }
}
