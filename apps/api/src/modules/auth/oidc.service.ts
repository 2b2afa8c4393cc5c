import { timingSafeEqual } from 'node:crypto';
import { OIDC_MSG, type OidcError, type OidcSignup } from '@consorcio/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import { ProviderDeclined, type OidcClient, type OidcIdentity } from '../../lib/oidc.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Services } from '../../services.ts';
import {
  findFlowByState,
  findIdentityUser,
  findLiveSignup,
  insertFlow,
  keepSignupClaims,
  markFlowUsed,
  type OidcPurpose,
} from './oidc.repository.ts';
import { createSession } from './sessions.repository.ts';
import { findUserByEmail } from './users.repository.ts';

export type OidcServices = Pick<Services, 'clock'>;

/** An authorization request lives 10 minutes; the sign-up form's token, 30 minutes after the callback. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
export const OIDC_SIGNUP_TTL_MS = 30 * 60_000;

/** Where the browser goes back to (the web app's pages), and with what. */
const SIGNUP_PAGE = '/registerAdmin';
const LOGIN_PAGE = '/logging';

/** A callback that cannot go on: the browser is sent back with `?oidcError=<code>`. */
export class OidcFailure extends Error {
  constructor(
    readonly code: OidcError,
    options?: { cause?: unknown },
  ) {
    super(`oidc: ${code}`, options);
  }
}

/**
 * Starts an authorization request: state, nonce and PKCE verifier are stored (any replica can
 * take the callback) with the hash of a random secret the browser keeps in a cookie, so that
 * only the browser that started it can finish it. Sends the browser to the provider, or back to
 * `page` with `failed` when the provider cannot be reached.
 */
/** Starts per client address: far more than a person signing up or logging in needs. */
export const oidcStartLimiter = new RateLimiter(60, 15 * 60_000);

export async function startOidcFlow(
  db: Db,
  services: OidcServices,
  oidc: OidcClient,
  purpose: OidcPurpose,
  redirectUri: string,
  ip: string,
): Promise<{ location: string; browserSecret?: string; failure?: OidcFailure }> {
  // Each start stores a flow: an address that starts too many (a script, not a person) is turned away.
  const attempt = await oidcStartLimiter.attempt(db, [`oidc:start:ip:${ip}`], services.clock());
  if (attempt.limited) {
    return failedAt(purpose === 'signup' ? SIGNUP_PAGE : LOGIN_PAGE, new OidcFailure('failed', { cause: new Error('too many starts') }));
  }
  let request;
  try {
    request = await oidc.authorizationRequest(redirectUri);
  } catch (err) {
    return failedAt(purpose === 'signup' ? SIGNUP_PAGE : LOGIN_PAGE, new OidcFailure('failed', { cause: err }));
  }
  const browser = newToken();
  await insertFlow(db, {
    purpose,
    ...request.checks,
    browserHash: browser.hash,
    expiresAt: new Date(services.clock().getTime() + OIDC_FLOW_TTL_MS),
  });
  return { location: request.url.href, browserSecret: browser.token };
}

export interface CallbackInput {
  redirectUri: string;
  /** The raw query string the provider sent (code, state, iss, or error). */
  query: string;
  /** The oidc_flow cookie, if the browser sent one. */
  browserSecret: string | undefined;
}

/**
 * Checks a callback and, when it holds, redeems the code: the flow must exist by its state, be of
 * this purpose, unused, unexpired, and started by this browser; it is then used up (once, even
 * under concurrent callbacks) before the provider is asked, so a replayed callback gets nothing.
 */
async function takeCallback(
  db: Db,
  services: OidcServices,
  oidc: OidcClient,
  purpose: OidcPurpose,
  input: CallbackInput,
): Promise<{ flowId: number; identity: OidcIdentity }> {
  const params = new URLSearchParams(input.query);
  const state = params.get('state');
  // Ours are base64url (openid-client's randomState); anything else was never issued here.
  if (state === null || params.getAll('state').length !== 1 || !/^[\w-]{1,100}$/.test(state)) throw new OidcFailure('expired');
  const flow = await findFlowByState(db, state);
  const now = services.clock();
  if (!flow || flow.purpose !== purpose || flow.usedAt || flow.expiresAt <= now || !sameBrowser(flow.browserHash, input.browserSecret)) {
    throw new OidcFailure('expired');
  }
  if (!(await markFlowUsed(db, flow.id, now))) throw new OidcFailure('expired');

  const callbackUrl = new URL(input.redirectUri);
  callbackUrl.search = params.toString();
  try {
    const identity = await oidc.finish(callbackUrl, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
    return { flowId: flow.id, identity };
  } catch (err) {
    if (err instanceof ProviderDeclined) throw new OidcFailure(err.error === 'access_denied' ? 'cancelled' : 'failed', { cause: err });
    // A bad or replayed code, a nonce or signature that does not match, the provider unreachable.
    throw new OidcFailure('failed', { cause: err });
  }
}

function sameBrowser(browserHash: string, secret: string | undefined): boolean {
  if (!secret) return false;
  const a = Buffer.from(hashToken(secret));
  const b = Buffer.from(browserHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where a callback sends the browser, and (login) the session it opened. */
export interface CallbackOutcome {
  location: string;
  sessionToken?: string;
  /** Why it failed, for the log. */
  failure?: OidcFailure;
}

/**
 * The sign-up callback: a verified e-mail with no account yet gets a token for the form
 * (`/registerAdmin?oidc=<token>`), whose claims POST /admin/ later links to the new account.
 */
export async function finishOidcSignup(db: Db, services: OidcServices, oidc: OidcClient, input: CallbackInput): Promise<CallbackOutcome> {
  try {
    const { flowId, identity } = await takeCallback(db, services, oidc, 'signup', input);
    if (!identity.email || !identity.emailVerified) throw new OidcFailure('unverified');
    if (identity.email.length > 254 || identity.subject.length > 255) throw new OidcFailure('failed');
    if ((await findUserByEmail(db, identity.email)) || (await findIdentityUser(db, identity.issuer, identity.subject))) {
      throw new OidcFailure('taken');
    }
    const token = newToken();
    await keepSignupClaims(db, flowId, {
      subject: identity.subject,
      email: identity.email,
      name: (identity.name ?? '').slice(0, 200),
      signupTokenHash: token.hash,
      expiresAt: new Date(services.clock().getTime() + OIDC_SIGNUP_TTL_MS),
    });
    return { location: `${SIGNUP_PAGE}?oidc=${token.token}` };
  } catch (err) {
    return failedAt(SIGNUP_PAGE, err);
  }
}

/** The login callback: the provider's account must be linked to an enabled user; a session opens as with a password. */
export async function finishOidcLogin(db: Db, services: OidcServices, oidc: OidcClient, input: CallbackInput): Promise<CallbackOutcome> {
  try {
    const { identity } = await takeCallback(db, services, oidc, 'login', input);
    const user = await findIdentityUser(db, identity.issuer, identity.subject);
    if (!user) throw new OidcFailure('notLinked');
    if (user.isDeleted) throw new OidcFailure('banned');
    const sessionToken = await createSession(db, user.id);
    return { location: user.role === 'admin' ? '/' : '/public', sessionToken };
  } catch (err) {
    return failedAt(LOGIN_PAGE, err);
  }
}

/** Only OidcFailure becomes a redirect; anything else (the database down) stays an error. */
function failedAt(page: string, err: unknown): CallbackOutcome {
  if (!(err instanceof OidcFailure)) throw err;
  return { location: `${page}?oidcError=${err.code}`, failure: err };
}

/** What the provider said, to fill the sign-up form; 404 unless the token is live and unconsumed. */
export async function oidcSignupDetails(db: Db, services: OidcServices, token: string): Promise<OidcSignup> {
  const flow = await findLiveSignup(db, hashToken(token), services.clock());
  if (!flow?.email) throw notFound(OIDC_MSG.expired);
  return { name: flow.name ?? '', email: flow.email };
}
