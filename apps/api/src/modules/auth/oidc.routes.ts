import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@consorcio/domain';
import { notFound } from '../../lib/errors.ts';
import { oidcClient, type OidcClient } from '../../lib/oidc.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import type { OidcPurpose } from './oidc.repository.ts';
import { finishOidcLogin, finishOidcSignup, OIDC_FLOW_TTL_MS, startOidcFlow, type OidcFailure } from './oidc.service.ts';

/** Holds the secret whose hash the flow keeps: only the browser that started a flow can finish it. */
export const OIDC_FLOW_COOKIE = 'oidc_flow';

const flowCookie = (secure: boolean) => ({ path: '/api', httpOnly: true, sameSite: 'lax' as const, secure });

/** 404 without OIDC_*: the option does not exist. */
export function requireOidc(app: FastifyInstance): OidcClient {
  const client = oidcClient(app.config);
  if (!client) throw notFound(MSG.notFound);
  return client;
}

// The provider's answer is taken as it came (openid-client reads code, state and iss from it);
// these are named for the documentation only, and anything malformed is refused by a redirect, never a 400.
const callbackQuery = z
  .object({
    code: z.unknown().optional().describe('El código de autorización'),
    state: z.unknown().optional().describe('El state del pedido'),
    iss: z.unknown().optional().describe('El emisor (RFC 9207)'),
    error: z.unknown().optional().describe('access_denied si la persona canceló'),
  })
  .passthrough();

const PATHS: Record<OidcPurpose, string> = { signup: '/api/admin/oidc/callback', login: '/api/loggings/oidc/callback' };

/**
 * GET /oidc/start and GET /oidc/callback of one purpose (sign-up under /admin, login under
 * /loggings): the authorization code flow with PKCE, state and nonce; both answer with redirects.
 */
export function registerOidcRoutes(app: FastifyInstance, purpose: OidcPurpose, tag: string): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const redirectUri = `${app.config.publicUrl}${PATHS[purpose]}`;
  const what = purpose === 'signup' ? 'el alta de administrador' : 'el ingreso';

  routes.get(
    '/oidc/start',
    {
      schema: {
        tags: [tag],
        summary: `Ir al proveedor OpenID Connect para ${what}`,
        description:
          '302 al proveedor (código de autorización con PKCE S256, state y nonce; scopes `openid email profile`), con la cookie `oidc_flow` que ata el pedido a este navegador por 10 minutos. Más de 60 en 15 minutos desde una dirección: 302 a la página con `oidcError=failed`. 404 si no hay proveedor configurado.',
      },
    },
    async (request, reply) => {
      const outcome = await startOidcFlow(app.db, app.services, requireOidc(app), purpose, redirectUri, request.ip);
      if (outcome.browserSecret) {
        reply.setCookie(OIDC_FLOW_COOKIE, outcome.browserSecret, {
          ...flowCookie(app.config.secureCookies),
          maxAge: OIDC_FLOW_TTL_MS / 1000,
        });
      }
      return redirect(request, reply, outcome);
    },
  );

  routes.get(
    '/oidc/callback',
    {
      schema: {
        tags: [tag],
        summary: `Vuelta del proveedor OpenID Connect (${what})`,
        description:
          purpose === 'signup'
            ? '302 a `/registerAdmin?oidc=<token>` (el token da el nombre y el e-mail verificado al formulario, 30 minutos) o a `/registerAdmin?oidcError=<cancelled|unverified|taken|expired|failed>`. 404 si no hay proveedor configurado.'
            : '302 a `/` (administrador) o `/public` (residente) con la sesión abierta, o a `/logging?oidcError=<notLinked|banned|cancelled|expired|failed>`. 404 si no hay proveedor configurado.',
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const oidc = requireOidc(app);
      const input = { redirectUri, query: rawQuery(request), browserSecret: request.cookies[OIDC_FLOW_COOKIE] };
      // The flow is over whatever happens: its cookie goes.
      reply.clearCookie(OIDC_FLOW_COOKIE, flowCookie(app.config.secureCookies));
      if (purpose === 'signup') return redirect(request, reply, await finishOidcSignup(app.db, app.services, oidc, input));
      const outcome = await finishOidcLogin(app.db, app.services, oidc, input);
      if (outcome.sessionToken) setSessionCookie(reply, outcome.sessionToken, app.config.secureCookies);
      return redirect(request, reply, outcome);
    },
  );
}

function rawQuery(request: FastifyRequest): string {
  const i = request.url.indexOf('?');
  return i < 0 ? '' : request.url.slice(i + 1);
}

function redirect(request: FastifyRequest, reply: FastifyReply, outcome: { location: string; failure?: OidcFailure }) {
  if (outcome.failure) {
    const cause = outcome.failure.cause as Error | undefined;
    const entry = { oidcError: outcome.failure.code, cause: cause ? `${cause.name}: ${cause.message}` : undefined };
    if (outcome.failure.code === 'failed') request.log.warn(entry, 'OpenID Connect flow failed');
    else request.log.info(entry, 'OpenID Connect flow refused');
  }
  return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
}

/** Login with the provider, under /loggings. */
const oidcLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOidcRoutes(app, 'login', 'Sesión');
};

export default oidcLoginRoutes;
