import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSpendingSchema,
  idParamsSchema,
  idSchema,
  listSpendingsQuerySchema,
  spendingListSchema,
  spendingSchema,
  spendingStatsQuerySchema,
  spendingStatsSchema,
  updateSpendingSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import { createSpending, deleteSpending, getConcepts, getSpending, getSpendings, getStats, updateSpending } from './spendings.service.ts';

const tags = ['Gastos'];

const residentsRead =
  'Administrador: sus edificios. Residente: solo el suyo; el filtro buildingId toma su edificio por omisión y cualquier otro responde 404.';

const spendingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Gastos filtrados (más nuevos primero) y la suma de todos los que coinciden',
        description: residentsRead,
        querystring: listSpendingsQuerySchema,
        response: { 200: spendingListSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getSpendings(app.db, await requireUser(request), request.query),
  );

  app.get(
    '/concepts',
    {
      schema: {
        tags,
        summary: 'Conceptos distintos, para el filtro',
        description: residentsRead,
        querystring: z.object({ buildingId: idSchema.optional() }),
        response: { 200: z.object({ items: z.array(z.string()) }) },
      },
      preValidation: signedIn,
    },
    async (request) => getConcepts(app.db, await requireUser(request), request.query.buildingId),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'Top 10 conceptos (del año o de un mes) y los 12 totales mensuales del año',
        description: `${residentsRead} Un administrador debe indicar buildingId.`,
        // Optional here so that a resident's defaults to their building; an administrator's is still required (400).
        querystring: spendingStatsQuerySchema.partial({ buildingId: true }),
        response: { 200: spendingStatsSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getStats(app.db, await requireUser(request), request.query),
  );

  // Not in spec/: the edit page loads the spending it edits. Residents read it as they read the list.
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Un gasto (para editarlo)',
        description:
          'Administrador: de sus edificios. Residente: solo de su edificio (lo mismo que ve en la lista); cualquier otro responde 404.',
        params: idParamsSchema,
        response: { 200: spendingSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getSpending(app.db, await requireUser(request), request.params.id),
  );

  app.post(
    '/add',
    {
      schema: { tags, summary: 'Cargar un gasto', body: createSpendingSchema, response: { 201: spendingSchema } },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.status(201).send(await createSpending(app.db, await requireAdmin(request), request.body)),
  );

  app.put(
    '/add',
    {
      schema: { tags, summary: 'Editar un gasto', body: updateSpendingSchema, response: { 200: spendingSchema } },
      preValidation: adminOnly,
    },
    async (request) => updateSpending(app.db, await requireAdmin(request), request.body),
  );

  app.delete(
    '/del/:id',
    { schema: { tags, summary: 'Eliminar un gasto', params: idParamsSchema }, preValidation: adminOnly },
    async (request, reply) => {
      await deleteSpending(app.db, await requireAdmin(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default spendingsRoutes;
