import * as client from 'openid-client';
import type { Config } from '../config.ts';

export type OidcSettings = NonNullable<Config['oidc']>;

/** What one authorization request must remember until its callback (stored in oidc_flows). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The verified person the provider sent back. */
export interface OidcIdentity {
  /** The provider as configured (OIDC_ISSUER; openid-client has checked the ID token's `iss` against it): with `subject`, the account's identity. */
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The provider's answer was an error (e.g. access_denied when the person cancelled). */
export class ProviderDeclined extends Error {
  constructor(readonly error: string) {
    super(`provider answered error=${error}`);
  }
}

export const OIDC_SCOPE = 'openid email profile';

/**
 * The OpenID Connect client (authorization code flow with PKCE, state and nonce) over
 * openid-client 6. The provider's metadata is discovered on first use and kept; a failed
 * discovery is tried again on the next call.
 */
export class OidcClient {
  private configuration?: Promise<client.Configuration>;

  constructor(private readonly settings: OidcSettings) {}

  /** The key of linked accounts (user_identities.issuer): OIDC_ISSUER as configured. */
  get issuer(): string {
    return this.settings.issuer;
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // Plain http only for a local stand-in (the configuration allows http issuers for that).
        { timeout: 10, ...(this.settings.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}) },
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  /** Fresh state, nonce and PKCE verifier, and the provider's URL to send the browser to. */
  async authorizationRequest(redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const config = await this.discover();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  /**
   * Takes the provider's answer at `callbackUrl` (our redirect URI plus the query it sent):
   * checks state, exchanges the code with the PKCE verifier, validates the ID token (signature,
   * issuer, audience, expiry, nonce) and reads the person's claims, from the ID token or, when
   * it carries no e-mail, from the userinfo endpoint. Throws ProviderDeclined for an error answer.
   */
  async finish(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcIdentity> {
    const declined = callbackUrl.searchParams.get('error');
    if (declined !== null) throw new ProviderDeclined(declined);
    const config = await this.discover();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    const idToken = tokens.claims()!;
    let claims: Record<string, unknown> = idToken;
    if (idToken.email === undefined) {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), iss: idToken.iss, sub: idToken.sub };
    }
    const name =
      typeof claims.name === 'string'
        ? claims.name
        : [claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' ');
    return {
      issuer: this.issuer,
      subject: idToken.sub,
      email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
      // Strictly true: a provider that says "true" as a string, or nothing, has not verified it for us.
      emailVerified: claims.email_verified === true,
      name: name.trim() || null,
    };
  }
}

const clients = new WeakMap<OidcSettings, OidcClient>();

/** The app's client (one per configuration, so its discovery is shared), or null without OIDC_*. */
export function oidcClient(config: Config): OidcClient | null {
  if (!config.oidc) return null;
  let c = clients.get(config.oidc);
  if (!c) clients.set(config.oidc, (c = new OidcClient(config.oidc)));
  return c;
}
