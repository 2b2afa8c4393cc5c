import type { DbOrTx } from './client.ts';

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
