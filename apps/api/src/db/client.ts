import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The engine under each root database handle opened here; a transaction's handle is not in it. */
const engines = new WeakMap<Db, Database['kind']>();

/** The engine of a root database handle opened by `openDatabase`, or undefined (a transaction's handle). */
export const engineOf = (db: DbOrTx): Database['kind'] | undefined => engines.get(db as Db);

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite; undefined = in memory (tests). */
  dataDir?: string;
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.onPoolError) : await openPglite(opts.dataDir);
  try {
    await database.migrate();
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

async function openPostgres(url: string, onPoolError?: (err: Error) => void): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates stay strings (no time-zone shifts); bigint money columns are converted by Drizzle.
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
  // Without a listener an idle client's error (database restart) would kill the process.
  pool.on('error', (err) => onPoolError?.(err));
  const db = drizzle(pool, { schema }) as unknown as Db;
  engines.set(db, 'postgres');
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // Replicas starting together: one migrates while the others wait on the advisory lock,
      // held on one dedicated connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727274)');
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  if (dataDir) {
    release = lockDataDir(dataDir);
  }
  try {
    const dbDir = dataDir ? path.join(dataDir, 'pglite') : undefined;
    if (dbDir) fs.mkdirSync(dbDir, { recursive: true });
    const client = dbDir ? await PGlite.create(dbDir) : await PGlite.create();
    const db = drizzle(client, { schema }) as unknown as Db;
    engines.set(db, 'pglite');
    return {
      db,
      kind: 'pglite',
      migrate: async () => {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
