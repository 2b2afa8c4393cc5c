import { MSG, OIDC_MSG, type RegisterAdminInput, type RegisteredAdmin } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound, validation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Services } from '../../services.ts';
import { consumeSignup, insertIdentity } from '../auth/oidc.repository.ts';
import { insertAdmin } from '../auth/users.repository.ts';

/**
 * Open sign-up: a new administrator starts with no buildings. With a token from the provider's
 * callback, in one transaction: the token must be live, the e-mail must be the one the provider
 * verified, and the account is linked to the provider's account (the token is then used up).
 */
export async function registerAdmin(
  db: Db,
  services: Pick<Services, 'clock'>,
  input: RegisterAdminInput,
  /** The provider accounts are linked to (OidcClient.issuer); null without OIDC_*, when no token can be live. */
  oidcIssuer: string | null,
): Promise<RegisteredAdmin> {
  const passwordHash = await hashPassword(input.password);
  const admin = { name: input.name, email: input.email, contact: input.contact, passwordHash };
  try {
    if (!input.oidcToken) return await insertAdmin(db, admin);
    const oidcToken = input.oidcToken;
    if (!oidcIssuer) throw notFound(OIDC_MSG.expired);
    return await db.transaction(async (tx) => {
      const flow = await consumeSignup(tx, hashToken(oidcToken), services.clock());
      if (!flow?.subject || !flow.email) throw notFound(OIDC_MSG.expired);
      if (flow.email !== input.email) throw validation(OIDC_MSG.emailMismatch, { email: OIDC_MSG.emailMismatch });
      const created = await insertAdmin(tx, admin);
      await insertIdentity(tx, { userId: created.id, issuer: oidcIssuer, subject: flow.subject, email: flow.email });
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG.adminEmailTaken);
    throw e;
  }
}
