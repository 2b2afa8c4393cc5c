import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';

const KEY_NAME = 'links';

/**
 * Signs tokens for links that act without a session (one-click unsubscribe). The key is
 * created on first start and kept in the database, so every replica signs and verifies alike;
 * it is read once, when the app gets ready, so signing inside a transaction needs no query.
 */
export class LinkSigner {
  private key: Buffer | null = null;

  async load(db: DbOrTx): Promise<void> {
    await db
      .insert(signingKeys)
      .values({ name: KEY_NAME, key: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select({ key: signingKeys.key }).from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
    this.key = Buffer.from(row!.key, 'base64url');
  }

  private mac(purpose: string, payload: string): Buffer {
    if (!this.key) throw new Error('LinkSigner used before load()');
    return createHmac('sha256', this.key).update(`${purpose}:${payload}`).digest();
  }

  /** `payload` (URL-safe, no dots) signed for `purpose`: "<payload>.<mac>". */
  sign(purpose: string, payload: string): string {
    return `${payload}.${this.mac(purpose, payload).toString('base64url')}`;
  }

  /** The payload of a token signed for `purpose`, or null when it is malformed or forged. */
  verify(purpose: string, token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.mac(purpose, payload);
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
  }
}
