import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oidcSignupSchema, registerAdminSchema, registeredAdminSchema } from '@consorcio/domain';
import { oidcClient } from '../../lib/oidc.ts';
import { registerOidcRoutes, requireOidc } from '../auth/oidc.routes.ts';
import { oidcSignupDetails } from '../auth/oidc.service.ts';
import { registerAdmin } from './admins.service.ts';

const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['Administradores'],
        summary: 'Alta de administrador',
        description:
          'Con `oidcToken` (de la vuelta del proveedor OpenID Connect) la cuenta queda vinculada a la del proveedor, para ingresar luego con él; el e-mail debe ser el que el proveedor verificó (400) y el token, vigente y sin usar (404).',
        body: registerAdminSchema,
        response: { 201: registeredAdminSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerAdmin(app.db, app.services, request.body, oidcClient(app.config)?.issuer ?? null)),
  );

  // "Continuar con Google": start and callback of the sign-up flow.
  registerOidcRoutes(app, 'signup', 'Administradores');

  app.get(
    '/oidc/signup/:token',
    {
      schema: {
        tags: ['Administradores'],
        summary: 'Nombre y e-mail verificado que dio el proveedor, para el formulario de alta',
        description: '404 si el token no existe, venció (30 minutos) o ya se usó, o si no hay proveedor configurado.',
        params: z.object({ token: z.string() }),
        response: { 200: oidcSignupSchema },
      },
    },
    async (request) => {
      requireOidc(app);
      return oidcSignupDetails(app.db, app.services, request.params.token);
    },
  );
};

export default adminsRoutes;
