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
import { adminOnly, requireAdmin } from '../../plugins/auth.ts';
import { createSpending, deleteSpending, getConcepts, getSpending, getSpendings, getStats, updateSpending } from './spendings.service.ts';

const tags = ['Gastos'];

const spendingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Gastos filtrados (más nuevos primero) y la suma de todos los que coinciden',
        querystring: listSpendingsQuerySchema,
        response: { 200: spendingListSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => getSpendings(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/concepts',
    {
      schema: {
        tags,
        summary: 'Conceptos distintos, para el filtro',
        querystring: z.object({ buildingId: idSchema.optional() }),
        response: { 200: z.object({ items: z.array(z.string()) }) },
      },
      preValidation: adminOnly,
    },
    async (request) => getConcepts(app.db, await requireAdmin(request), request.query.buildingId),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'Top 10 conceptos (del año o de un mes) y los 12 totales mensuales del año',
        querystring: spendingStatsQuerySchema,
        response: { 200: spendingStatsSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => getStats(app.db, await requireAdmin(request), request.query),
  );

  // Not in spec/: the edit page loads the spending it edits.
  app.get(
    '/:id',
    {
      schema: { tags, summary: 'Un gasto (para editarlo)', params: idParamsSchema, response: { 200: spendingSchema } },
      preValidation: adminOnly,
    },
    async (request) => getSpending(app.db, await requireAdmin(request), request.params.id),
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
