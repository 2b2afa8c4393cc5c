import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
// @ts-expect-error oidc-provider ships no type declarations (and @types/oidc-provider is not installed).
import { Provider as OidcProvider } from 'oidc-provider';

/**
 * What the stand-in knows of a person. The key of `accounts` is what they type in its login
 * form, and is also their `sub` (oidc-provider's account id is the login its form submits).
 */
export interface StandInAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Default client_secret_post, what openid-client uses when given the secret as a string. */
  token_endpoint_auth_method?: string;
}

export interface OidcStandInOptions {
  /** Default: any free loopback port. */
  port?: number;
  clients: StandInClient[];
  accounts: Record<string, StandInAccount>;
  /**
   * Default true: the ID token carries email, email_verified and name, as Google's does. False:
   * only `sub` is in the ID token and the rest is served by the userinfo endpoint.
   */
  claimsInIdToken?: boolean;
}

export interface OidcStandIn {
  /** http://127.0.0.1:<port>: OIDC_ISSUER for the app. */
  issuer: string;
  /** Accounts may be added or changed while it runs (read at every sign-in). */
  accounts: Record<string, StandInAccount>;
  /**
   * Goes through the provider as a browser would, with a cookie jar of its own (a new browser
   * each call): follows the redirects from `authorizationUrl`, signs in as `login` with the
   * login form, and returns the final redirect to the client's redirect URI (with code, state
   * and iss) without following it. The provider's consent is pre-granted, so no consent screen.
   */
  signInAt(authorizationUrl: string | URL, login: string): Promise<URL>;
  /** Like signInAt, but the person cancels at the login form: the redirect carries error=access_denied. */
  cancelAt(authorizationUrl: string | URL): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider 9) on a loopback port, standing in for Google in
 * tests and journeys. Its built-in development login form (devInteractions) accepts any login
 * and password; the login picks the account. Consent for the configured scopes is granted
 * without asking (as Google does for an app the person already approved), so a real browser
 * goes: our start → provider login form → our callback.
 */
export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  const accounts = options.accounts;
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new OidcProvider(issuer, {
    clients: options.clients.map((c) => ({
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...c,
    })),
    jwks: { keys: [{ ...signingKey, kid: 'stand-in', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: true } },
    // The account id (and `sub`) is the login typed in the form; read at each use, so tests may change accounts.
    findAccount: async (_ctx: unknown, id: string) => {
      const account = Object.hasOwn(accounts, id) ? accounts[id] : undefined;
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.email_verified,
          name: account.name,
        }),
      };
    },
    // Pre-granted consent (oidc-provider's recipe for first-party clients): the scopes asked for are granted.
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!ctx.oidc.session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    // Tokens and flows are short-lived: a test run never waits on them.
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    accounts,
    signInAt: (url, login) => drive(issuer, url, login),
    cancelAt: (url) => drive(issuer, url, null),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny browser: a cookie jar (name → value, any path of the provider's host) and redirects followed by hand. */
async function drive(issuer: string, start: string | URL, login: string | null): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(issuer).origin;
  let url = new URL(start);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.origin !== origin) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    form = undefined;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`OIDC stand-in answered ${res.status} at ${url.pathname}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`OIDC stand-in: no form at ${url.pathname}: ${html.slice(0, 500)}`);
    if (login === null) {
      // The provider's "cancel": its abort endpoint (/interaction/<uid>/abort).
      url = new URL(`${new URL(action, url).pathname}/abort`, url);
      continue;
    }
    form = prompt === 'login' ? new URLSearchParams({ prompt, login, password: 'any' }) : new URLSearchParams({ prompt });
    url = new URL(action, url);
  }
  throw new Error('OIDC stand-in: too many redirects');
}
