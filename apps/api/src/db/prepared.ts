import { fillPlaceholders } from 'drizzle-orm';
import { engineOf, type Db, type DbOrTx } from './client.ts';

/**
 * Hot queries (the session lookup, the tenancy check, a building by id) are built once per database handle and
 * run as prepared statements with placeholders: Drizzle does not build their SQL text again on every request, and
 * PostgreSQL parses and plans a named statement once per connection instead of on every call.
 */
const cache = new WeakMap<DbOrTx, Map<string, unknown>>();

/** The statement `name` prepared on `db` by `build` the first time it is asked for. */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}

/** What `hotStatement` needs of a Drizzle query: its SQL text and parameters (placeholders included). */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

/** The drivers under `Db.$client`: a node-postgres pool, or PGlite. */
interface DriverClient {
  query(...args: unknown[]): Promise<{ rows: unknown[][] }>;
}

/**
 * The hottest statements, the ones every request runs (the session lookup, a building by id), written once with
 * Drizzle and sent straight to the driver: Drizzle's prepared execution adds, on every call, nested tracing
 * promises, a type-parser object the driver consults for every field, and a per-field mapping of each row, which
 * together cost about as much as the driver's own work for a one-row answer.
 *
 * `build()` runs once per database handle; its SQL text is sent as the named statement `name` (PostgreSQL parses
 * and plans it once per connection; PGlite has no such cache and runs it as is). Rows come back in array mode,
 * keyed by `keys`, the query's selection in order, and are decoded by the driver's own type parsers, which is what
 * Drizzle's decoding gives for the column types allowed here: integers, text, enums, booleans, `double precision`
 * and `timestamp with time zone` (a Date). Not for `bigint`, `numeric`, `date` or `json` columns, which Drizzle
 * decodes differently (prepared.test.ts compares both ways, on both engines).
 *
 * The root database only: a transaction's statements must run on its own connection.
 */
export function hotStatement<Row>(
  db: Db,
  name: string,
  keys: readonly (keyof Row & string)[],
  build: () => Buildable,
): (values: Record<string, unknown>) => Promise<Row[]> {
  return prepared(db, `hot:${name}`, () => {
    const { sql: text, params } = build().toSQL();
    const engine = engineOf(db);
    // A transaction's handle is not a root database (and its client would be the pool's, outside the transaction).
    if (!engine) throw new Error(`hot statement ${name}: the root database only, not a transaction`);
    const client = (db as unknown as { $client: DriverClient }).$client;
    const toRow = (cells: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = cells[i];
      return row as Row;
    };
    return async (values: Record<string, unknown>) => {
      const filled = fillPlaceholders(params, values);
      const result =
        engine === 'postgres'
          ? await client.query({ name, text, values: filled, rowMode: 'array' })
          : await client.query(text, filled, { rowMode: 'array' });
      return result.rows.map(toRow);
    };
  });
}

/** The keys of a selection, in order, typed for `hotStatement`. */
export const keysOf = <T extends object>(selection: T) => Object.keys(selection) as (keyof T & string)[];
