import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oidcFlows, userIdentities, users } from '../../db/schema.ts';

export type OidcPurpose = 'signup' | 'login';
export type OidcFlowRow = typeof oidcFlows.$inferSelect;

export async function insertFlow(
  db: DbOrTx,
  v: { purpose: OidcPurpose; state: string; nonce: string; codeVerifier: string; browserHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcFlows).values(v);
}

export async function findFlowByState(db: DbOrTx, state: string): Promise<OidcFlowRow | null> {
  const [row] = await db.select().from(oidcFlows).where(eq(oidcFlows.state, state)).limit(1);
  return row ?? null;
}

/** Marks the flow used; false when a callback already used it (a flow, and its code, serve once, even concurrently). */
export async function markFlowUsed(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oidcFlows)
    .set({ usedAt: now })
    .where(and(eq(oidcFlows.id, id), isNull(oidcFlows.usedAt)))
    .returning({ id: oidcFlows.id });
  return rows.length === 1;
}

/** A sign-up flow's verified claims, kept for the form behind the hash of a new token until `expiresAt`. */
export async function keepSignupClaims(
  db: DbOrTx,
  id: number,
  v: { subject: string; email: string; name: string; signupTokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.update(oidcFlows).set(v).where(eq(oidcFlows.id, id));
}

/** The live (unconsumed, unexpired) sign-up flow behind a token hash, or null. */
export async function findLiveSignup(db: DbOrTx, signupTokenHash: string, now: Date): Promise<OidcFlowRow | null> {
  const [row] = await db
    .select()
    .from(oidcFlows)
    .where(
      and(
        eq(oidcFlows.signupTokenHash, signupTokenHash),
        eq(oidcFlows.purpose, 'signup'),
        isNull(oidcFlows.consumedAt),
        gt(oidcFlows.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Consumes a live sign-up token; null when it is not live (unknown, expired, or consumed first by another call). */
export async function consumeSignup(db: DbOrTx, signupTokenHash: string, now: Date): Promise<OidcFlowRow | null> {
  const [row] = await db
    .update(oidcFlows)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcFlows.signupTokenHash, signupTokenHash),
        eq(oidcFlows.purpose, 'signup'),
        isNull(oidcFlows.consumedAt),
        gt(oidcFlows.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function pruneExpiredFlows(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, now));
}

export async function insertIdentity(db: DbOrTx, v: { userId: number; issuer: string; subject: string; email: string }): Promise<void> {
  await db.insert(userIdentities).values(v);
}

/** The user linked to the provider's account, or null. */
export async function findIdentityUser(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, isDeleted: users.isDeleted })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}
