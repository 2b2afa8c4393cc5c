import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { count, eq, isNotNull, lt } from 'drizzle-orm';
import * as oauth from 'openid-client';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { startOidcStandIn, type OidcStandIn } from '../../test/oidc-standin.ts';
import { buildAdmin } from '../../seed/factories.ts';
import { oidcFlows, sessions, userIdentities, users } from '../../db/schema.ts';
import { jobs } from '../../jobs/index.ts';

/**
 * "Continuar con Google" against a real OpenID Connect provider (oidc-provider, started here),
 * through our real HTTP server and database. The redirect URIs are built from PUBLIC_URL, which
 * need not be where the test server listens: the stand-in's driver stops at the redirect to our
 * callback and the test calls the callback itself (to replay it, forge it, or call it from
 * another browser), so PUBLIC_URL is a fixed name known before either server starts.
 */
const PUBLIC_URL = 'http://consorcio.test';
const CLIENT = { client_id: 'consorcio', client_secret: 'stand-in-secret-123' };
const SIGNUP_CALLBACK = `${PUBLIC_URL}/api/admin/oidc/callback`;
const LOGIN_CALLBACK = `${PUBLIC_URL}/api/loggings/oidc/callback`;

function oidcEnv(issuer: string): Record<string, string> {
  return { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.client_id, OIDC_CLIENT_SECRET: CLIENT.client_secret, PUBLIC_URL };
}

/** Our start, as the browser follows it: a 302 to the provider. */
async function start(c: HttpClient, path: '/api/admin/oidc/start' | '/api/loggings/oidc/start'): Promise<URL> {
  const res = await c.get(path);
  assert.equal(res.status, 302, res.text);
  return new URL(res.headers.get('location')!);
}

/** Calls our callback with the query of the provider's redirect (addressed to PUBLIC_URL). */
async function callback(c: HttpClient, providerRedirect: URL) {
  assert.ok(providerRedirect.href.startsWith(PUBLIC_URL), `redirect to ${providerRedirect.href}`);
  const res = await c.get(providerRedirect.pathname + providerRedirect.search);
  assert.equal(res.status, 302, res.text);
  return { res, location: res.headers.get('location')! };
}

describe('sign-up and login with an OpenID Connect provider', () => {
  let t: TestServer;
  let idp: OidcStandIn;
  /** The server's clock runs this far ahead of real time (flows expire by it). */
  let aheadMs = 0;

  before(async () => {
    idp = await startOidcStandIn({
      clients: [{ ...CLIENT, redirect_uris: [SIGNUP_CALLBACK, LOGIN_CALLBACK] }],
      accounts: {
        laura: { email: 'Laura.Vega@Gmail.com', email_verified: true, name: 'Laura Vega' },
        nico: { email: 'nico@gmail.com', email_verified: false, name: 'Nico Sin Verificar' },
        ocupado: { email: 'ocupado@example.com', email_verified: true, name: 'Ya Registrado' },
        extrano: { email: 'extrano@gmail.com', email_verified: true, name: 'Sin Cuenta' },
        vetado: { email: 'vetado@gmail.com', email_verified: true, name: 'Admin Vetado' },
      },
    });
    t = await startTestServer({ env: oidcEnv(idp.issuer), services: { clock: () => new Date(Date.now() + aheadMs) } });
  });
  after(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Start → provider (signed in as `login`) → our callback, in one browser. */
  async function signUpAs(login: string, c = t.client()) {
    const authorization = await start(c, '/api/admin/oidc/start');
    const redirect = await idp.signInAt(authorization, login);
    return { c, redirect, ...(await callback(c, redirect)) };
  }

  async function signupTokens(): Promise<number> {
    const [row] = await t.database.db.select({ n: count() }).from(oidcFlows).where(isNotNull(oidcFlows.signupTokenHash));
    return row!.n;
  }

  async function sessionCount(): Promise<number> {
    const [row] = await t.database.db.select({ n: count() }).from(sessions);
    return row!.n;
  }

  test('/api/config says the option exists; start redirects with PKCE S256, state, nonce and the scopes, bound to this browser', async () => {
    const c = t.client();
    assert.equal((await c.get('/api/config')).body.oidc, true);

    const res = await c.get('/api/admin/oidc/start');
    assert.equal(res.status, 302);
    const url = new URL(res.headers.get('location')!);
    assert.equal(url.origin + url.pathname, `${idp.issuer}/auth`);
    const q = url.searchParams;
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), CLIENT.client_id);
    assert.equal(q.get('scope'), 'openid email profile');
    assert.equal(q.get('redirect_uri'), SIGNUP_CALLBACK);
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.match(q.get('state')!, /^[\w-]{40,}$/);
    assert.match(q.get('nonce')!, /^[\w-]{40,}$/);

    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('oidc_flow='))!;
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\/api(;|$)/);
    assert.match(cookie, /Max-Age=600/);
    assert.doesNotMatch(cookie, /Secure/i, 'PUBLIC_URL is plain http');

    // What the callback will check is on the server: the verifier behind the challenge, the nonce, the browser.
    const [flow] = await t.database.db
      .select()
      .from(oidcFlows)
      .where(eq(oidcFlows.state, q.get('state')!));
    assert.equal(flow!.purpose, 'signup');
    assert.equal(flow!.nonce, q.get('nonce'));
    assert.equal(await oauth.calculatePKCECodeChallenge(flow!.codeVerifier), q.get('code_challenge'));
    const secret = cookie.split(';')[0]!.slice('oidc_flow='.length);
    assert.equal(flow!.browserHash, createHash('sha256').update(secret).digest('hex'));
    assert.equal(Math.round((flow!.expiresAt.getTime() - flow!.createdAt.getTime()) / 60_000), 10);

    const login = new URL((await t.client().get('/api/loggings/oidc/start')).headers.get('location')!);
    assert.equal(login.searchParams.get('redirect_uri'), LOGIN_CALLBACK);
  });

  test('sign-up comes back prefilled, links the account once, and the provider logs the administrator in afterwards', async () => {
    const { c, location, res } = await signUpAs('laura');
    const back = new URL(location, PUBLIC_URL);
    assert.equal(back.pathname, '/registerAdmin');
    const token = back.searchParams.get('oidc')!;
    assert.match(token, /^[\w-]{40,}$/);
    assert.ok(
      res.headers.getSetCookie().some((s) => /^oidc_flow=;/.test(s)),
      'the flow cookie is cleared',
    );

    const prefill = await c.get(`/api/admin/oidc/signup/${token}`);
    assert.equal(prefill.status, 200);
    assert.deepEqual(prefill.body, { name: 'Laura Vega', email: 'laura.vega@gmail.com' });

    const form = { name: 'Laura Vega', email: 'laura.vega@gmail.com', contact: '3514444444', password: 'Segura123', oidcToken: token };
    const other = await c.post('/api/admin/', { ...form, email: 'otra@gmail.com' });
    assert.equal(other.status, 400);
    assert.equal(other.body.error.message, 'El e-mail debe ser el de tu cuenta de Google');
    assert.equal(other.body.error.fields.email, 'El e-mail debe ser el de tu cuenta de Google');

    // The refused attempt did not use the token up.
    const created = await c.post('/api/admin/', { ...form, email: 'Laura.Vega@gmail.com' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.email, 'laura.vega@gmail.com');
    const links = await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, created.body.id));
    assert.deepEqual(
      links.map((l) => ({ issuer: l.issuer, subject: l.subject, email: l.email })),
      [{ issuer: idp.issuer, subject: 'laura', email: 'laura.vega@gmail.com' }],
    );

    const again = await c.post('/api/admin/', { ...form, email: 'laura2@gmail.com' });
    assert.equal(again.status, 404, 'a token serves once');
    assert.equal((await c.get(`/api/admin/oidc/signup/${token}`)).status, 404);

    // Login with the provider, in a fresh browser.
    const b = t.client();
    const redirect = await idp.signInAt(await start(b, '/api/loggings/oidc/start'), 'laura');
    const login = await callback(b, redirect);
    assert.equal(login.location, '/');
    const sid = login.res.headers.getSetCookie().find((s) => s.startsWith('sid='))!;
    assert.match(sid, /HttpOnly/i);
    const session = await b.get('/api/loggings/session');
    assert.equal(session.status, 200);
    assert.equal(session.body.id, created.body.id);
    assert.equal(session.body.role, 'admin');
    assert.equal(session.body.email, 'laura.vega@gmail.com');

    // Replaying that login callback opens no second session.
    const sessionsBefore = await sessionCount();
    const replay = await callback(t.client(), redirect);
    assert.equal(replay.location, '/logging?oidcError=expired');
    const replayedHere = await callback(b, redirect);
    assert.equal(replayedHere.location, '/logging?oidcError=expired');
    assert.equal(await sessionCount(), sessionsBefore);

    // Signing up again with the same provider account: the e-mail is taken now.
    assert.equal((await signUpAs('laura')).location, '/registerAdmin?oidcError=taken');
  });

  test('a replayed sign-up callback gets nothing: the flow and its code serve once', async () => {
    const first = await signUpAs('extrano');
    assert.match(first.location, /^\/registerAdmin\?oidc=/);
    const tokens = await signupTokens();

    // The same code and state again, from the same browser (its cookie is gone) and from one that kept it.
    assert.equal((await callback(first.c, first.redirect)).location, '/registerAdmin?oidcError=expired');
    const kept = t.client();
    const authorization = await start(kept, '/api/admin/oidc/start');
    const second = await idp.signInAt(authorization, 'extrano');
    assert.match((await callback(kept, second)).location, /^\/registerAdmin\?oidc=/);
    const tokensAfterSecond = await signupTokens();
    assert.equal(tokensAfterSecond, tokens + 1);

    // The used code under a fresh flow's state (code injection): the provider refuses it (used, and the PKCE verifier differs).
    const fresh = t.client();
    const freshAuthorization = await start(fresh, '/api/admin/oidc/start');
    const injected = new URL(first.redirect);
    injected.searchParams.set('state', freshAuthorization.searchParams.get('state')!);
    assert.equal((await callback(fresh, injected)).location, '/registerAdmin?oidcError=failed');
    assert.equal(await signupTokens(), tokensAfterSecond);
  });

  test('a forged state, another browser, an expired flow and a flow of the other purpose are refused as expired', async () => {
    // Forged state: the code is real, the state is not ours.
    const a = t.client();
    const redirect = await idp.signInAt(await start(a, '/api/admin/oidc/start'), 'extrano');
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'forged-state-0000000000000000000000000000000');
    assert.equal((await callback(a, forged)).location, '/registerAdmin?oidcError=expired');
    const noState = new URL(redirect);
    noState.searchParams.delete('state');
    assert.equal((await callback(t.client(), noState)).location, '/registerAdmin?oidcError=expired');

    // Another browser: without the flow's cookie, and with a cookie of its own flow.
    const victim = t.client();
    const victimRedirect = await idp.signInAt(await start(victim, '/api/admin/oidc/start'), 'extrano');
    assert.equal((await callback(t.client(), victimRedirect)).location, '/registerAdmin?oidcError=expired');
    const attacker = t.client();
    await start(attacker, '/api/admin/oidc/start');
    assert.equal((await callback(attacker, victimRedirect)).location, '/registerAdmin?oidcError=expired');
    // ...which did not burn the flow: the browser that started it still finishes it.
    assert.match((await callback(victim, victimRedirect)).location, /^\/registerAdmin\?oidc=/);

    // A sign-up flow's answer sent to the login callback.
    const s = t.client();
    const signupRedirect = await idp.signInAt(await start(s, '/api/admin/oidc/start'), 'extrano');
    const crossed = await s.get(`/api/loggings/oidc/callback${signupRedirect.search}`);
    assert.equal(crossed.headers.get('location'), '/logging?oidcError=expired');

    // Expired: the person took more than 10 minutes (by the server's clock).
    const slow = t.client();
    const slowRedirect = await idp.signInAt(await start(slow, '/api/admin/oidc/start'), 'extrano');
    aheadMs = 11 * 60_000;
    try {
      assert.equal((await callback(slow, slowRedirect)).location, '/registerAdmin?oidcError=expired');
    } finally {
      aheadMs = 0;
    }
  });

  test('a wrong nonce, an unverified e-mail, a cancellation and a registered e-mail are refused with their codes', async () => {
    // Wrong nonce: the code was issued for an authorization request with another nonce than the
    // one this flow stored (as an attacker's injected request would be); the ID token's nonce does not match.
    const n = t.client();
    const authorization = await start(n, '/api/admin/oidc/start');
    authorization.searchParams.set('nonce', 'someone-elses-nonce-000000000000000000000000');
    const tokens = await signupTokens();
    assert.equal((await callback(n, await idp.signInAt(authorization, 'extrano'))).location, '/registerAdmin?oidcError=failed');
    assert.equal(await signupTokens(), tokens);

    assert.equal((await signUpAs('nico')).location, '/registerAdmin?oidcError=unverified');

    const c = t.client();
    const cancelled = await idp.cancelAt(await start(c, '/api/admin/oidc/start'));
    assert.equal(cancelled.searchParams.get('error'), 'access_denied');
    assert.equal((await callback(c, cancelled)).location, '/registerAdmin?oidcError=cancelled');
    const l = t.client();
    assert.equal(
      (await callback(l, await idp.cancelAt(await start(l, '/api/loggings/oidc/start')))).location,
      '/logging?oidcError=cancelled',
    );

    await buildAdmin(t.database.db, { email: 'ocupado@example.com' });
    assert.equal((await signUpAs('ocupado')).location, '/registerAdmin?oidcError=taken');
    assert.equal(await signupTokens(), tokens);
  });

  test('login: an account not linked, or linked to a banned user, gets no session', async () => {
    const before = await sessionCount();
    const c = t.client();
    const notLinked = await callback(c, await idp.signInAt(await start(c, '/api/loggings/oidc/start'), 'extrano'));
    assert.equal(notLinked.location, '/logging?oidcError=notLinked');
    assert.equal(c.hasCookie('sid'), false);

    const banned = await buildAdmin(t.database.db, { email: 'vetado@gmail.com' });
    await t.database.db
      .insert(userIdentities)
      .values({ userId: banned.id, issuer: idp.issuer, subject: 'vetado', email: 'vetado@gmail.com' });
    await t.database.db.update(users).set({ isDeleted: true }).where(eq(users.id, banned.id));
    const b = t.client();
    const refused = await callback(b, await idp.signInAt(await start(b, '/api/loggings/oidc/start'), 'vetado'));
    assert.equal(refused.location, '/logging?oidcError=banned');
    assert.equal(b.hasCookie('sid'), false);
    assert.equal(await sessionCount(), before);
  });

  test('a sign-up token lasts 30 minutes; hostile callbacks always get a redirect; the prune job removes expired flows', async () => {
    const { location } = await signUpAs('extrano');
    const token = new URL(location, PUBLIC_URL).searchParams.get('oidc')!;
    assert.equal((await t.client().get(`/api/admin/oidc/signup/${token}`)).status, 200);
    aheadMs = 31 * 60_000;
    try {
      const late = await t.client().get(`/api/admin/oidc/signup/${token}`);
      assert.equal(late.status, 404);
      assert.equal(late.body.error.code, 'NOT_FOUND');
      const form = { name: 'Sin Cuenta', email: 'extrano@gmail.com', contact: '3514444444', password: 'Segura123', oidcToken: token };
      assert.equal((await t.client().post('/api/admin/', form)).status, 404);
      await jobs.find((j) => j.name === 'prune-oidc')!.run(t.app);
      const [left] = await t.database.db
        .select({ n: count() })
        .from(oidcFlows)
        .where(lt(oidcFlows.expiresAt, new Date(Date.now() + aheadMs)));
      assert.equal(left!.n, 0, 'no expired flow is left');
      assert.equal(
        (
          await t.database.db
            .select()
            .from(oidcFlows)
            .where(eq(oidcFlows.signupTokenHash, createHash('sha256').update(token).digest('hex')))
        ).length,
        0,
      );
    } finally {
      aheadMs = 0;
    }

    for (const query of [
      '',
      '?code=x',
      '?state=',
      '?state=a&state=b&code=c',
      `?state=${'x'.repeat(5000)}&code=y`,
      '?error=server_error&state=zzz',
      '?error[]=x&state[a]=1',
      '?state=%00%ff&code=%E2%80',
      "?state=' or 1=1 --&code=1",
    ]) {
      for (const path of ['/api/admin/oidc/callback', '/api/loggings/oidc/callback']) {
        const res = await t.client().get(path + query);
        assert.equal(res.status, 302, `${path}${query}: ${res.status} ${res.text}`);
        assert.match(res.headers.get('location')!, /^\/(registerAdmin|logging)\?oidcError=expired$/, `${path}${query}`);
      }
    }
    // A live flow of this browser, with a garbage code or a provider error other than a cancellation: failed.
    for (const [query, code] of [
      ['code=%00%ff%E2%80', 'failed'],
      [`code=${'c'.repeat(3000)}`, 'failed'],
      ['error=server_error&error_description=%00', 'failed'],
      ['error=access_denied&code=x', 'cancelled'],
    ]) {
      const c = t.client();
      const state = (await start(c, '/api/admin/oidc/start')).searchParams.get('state');
      const res = await c.get(`/api/admin/oidc/callback?state=${state}&${query}`);
      assert.equal(res.status, 302, `${query}: ${res.status} ${res.text}`);
      assert.equal(res.headers.get('location'), `/registerAdmin?oidcError=${code}`, query);
    }
    for (const bad of ['x', 'a'.repeat(300), '%00']) {
      assert.equal((await t.client().get(`/api/admin/oidc/signup/${bad}`)).status, 404);
    }
  });

  test('an address that starts too many flows is sent back with failed, and may start again once the window has passed', async () => {
    // A window of its own: the earlier tests' starts are 20 minutes in the past by the server's clock.
    aheadMs = 20 * 60_000;
    try {
      const c = t.client();
      for (let i = 0; i < 60; i++)
        assert.equal((await start(c, '/api/loggings/oidc/start')).origin, new URL(idp.issuer).origin, `start ${i + 1}`);
      const refused = await c.get('/api/loggings/oidc/start');
      assert.equal(refused.status, 302);
      assert.equal(refused.headers.get('location'), '/logging?oidcError=failed');
      aheadMs = 36 * 60_000;
      assert.equal((await start(c, '/api/admin/oidc/start')).origin, new URL(idp.issuer).origin);
    } finally {
      aheadMs = 0;
    }
  });
});

describe('an OpenID Connect provider that gives the e-mail through userinfo only', () => {
  let t: TestServer;
  let idp: OidcStandIn;
  before(async () => {
    idp = await startOidcStandIn({
      clients: [{ ...CLIENT, redirect_uris: [SIGNUP_CALLBACK, LOGIN_CALLBACK] }],
      accounts: { laura: { email: 'laura@example.org', email_verified: true, name: 'Laura Userinfo' } },
      claimsInIdToken: false,
    });
    t = await startTestServer({ env: oidcEnv(idp.issuer) });
  });
  after(async () => {
    await t?.close();
    await idp?.close();
  });

  test('the sign-up form is prefilled from the userinfo endpoint', async () => {
    const c = t.client();
    const { location } = await callback(c, await idp.signInAt(await start(c, '/api/admin/oidc/start'), 'laura'));
    const token = new URL(location, PUBLIC_URL).searchParams.get('oidc');
    assert.ok(token, location);
    assert.deepEqual((await c.get(`/api/admin/oidc/signup/${token}`)).body, { name: 'Laura Userinfo', email: 'laura@example.org' });
  });
});

describe('OpenID Connect unreachable or not configured', () => {
  test('a provider that cannot be reached: start sends the browser back with failed, and discovery is tried again later', async () => {
    const first = await startOidcStandIn({ clients: [{ ...CLIENT, redirect_uris: [SIGNUP_CALLBACK] }], accounts: {} });
    const port = Number(new URL(first.issuer).port);
    await first.close();
    const t = await startTestServer({ env: oidcEnv(first.issuer) });
    let idp: OidcStandIn | undefined;
    try {
      const c = t.client();
      const res = await c.get('/api/admin/oidc/start');
      assert.equal(res.status, 302);
      assert.equal(res.headers.get('location'), '/registerAdmin?oidcError=failed');
      assert.equal(c.hasCookie('oidc_flow'), false);
      const login = await t.client().get('/api/loggings/oidc/start');
      assert.equal(login.headers.get('location'), '/logging?oidcError=failed');

      idp = await startOidcStandIn({ port, clients: [{ ...CLIENT, redirect_uris: [SIGNUP_CALLBACK] }], accounts: {} });
      const back = await t.client().get('/api/admin/oidc/start');
      assert.ok(back.headers.get('location')!.startsWith(`${idp.issuer}/auth?`), back.headers.get('location')!);
    } finally {
      await t.close();
      await idp?.close();
    }
  });

  test('without OIDC_*: /api/config says false, and start, callback and the sign-up token answer 404', async () => {
    const t = await startTestServer();
    try {
      const c = t.client();
      assert.equal((await c.get('/api/config')).body.oidc, false);
      for (const path of [
        '/api/admin/oidc/start',
        '/api/admin/oidc/callback?code=x&state=y',
        '/api/admin/oidc/signup/abcdefghijklmnopqrstuvwxyz',
        '/api/loggings/oidc/start',
        '/api/loggings/oidc/callback?code=x&state=y',
      ]) {
        const res = await c.get(path);
        assert.equal(res.status, 404, path);
        assert.equal(res.body.error.code, 'NOT_FOUND', path);
      }
      const form = { name: 'Laura Vega', email: 'laura@example.com', contact: '3514444444', password: 'Segura123' };
      assert.equal((await c.post('/api/admin/', { ...form, oidcToken: 'abcdefghijklmnopqrstuvwxyz' })).status, 404);
      assert.equal((await c.post('/api/admin/', form)).status, 201, 'without a token, sign-up is as before');
    } finally {
      await t.close();
    }
  });
});
