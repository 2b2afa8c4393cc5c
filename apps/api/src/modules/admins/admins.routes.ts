import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAdminSchema, registeredAdminSchema } from '@consorcio/domain';
import { registerAdmin } from './admins.service.ts';

const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['Administradores'],
        summary: 'Alta de administrador',
        body: registerAdminSchema,
        response: { 201: registeredAdminSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await registerAdmin(app.db, request.body)),
  );
};

export default adminsRoutes;
