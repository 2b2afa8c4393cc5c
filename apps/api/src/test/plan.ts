import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';

/**
 * The planner's plan for a query, with sequential scans priced out: it then shows whether an index
 * can answer at all (on a small test table a scan would otherwise win on cost). Same on both engines.
 */
export async function planWithoutSeqScan(db: Db, build: (tx: DbOrTx) => SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = await tx.execute(sql`explain ${build(tx)}`);
    return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])).map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
  });
}
