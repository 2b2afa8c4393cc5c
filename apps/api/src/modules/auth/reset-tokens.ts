import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { RESET_LINK_TTL_MS } from '../mail/mail.templates.ts';

export const RESET_TOKEN_TTL_MS = RESET_LINK_TTL_MS;

/** A single-use token to choose a password, valid 60 minutes. */
export async function issueResetToken(db: DbOrTx, userId: number): Promise<string> {
  const { token, hash } = newToken();
  await storeResetToken(db, userId, hash);
  return token;
}

/** Stores a token already drawn (by its hash), valid 60 minutes from now. */
export async function storeResetToken(db: DbOrTx, userId: number, tokenHash: string): Promise<void> {
  await db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
}

/** Marks every unused token of the user used: a new password (or a newer first-login token) voids them. */
export async function revokeResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The live (unused, unexpired) token's row, or null. */
export async function findLiveResetToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the token used; false when someone else used it first (single use, even concurrently). */
export async function consumeResetToken(db: DbOrTx, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, tokenId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
