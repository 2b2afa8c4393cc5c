import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPENSE_STATUSES,
  expensesByApartmentsQuerySchema,
  generateExpensesBodySchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  MONTH_KEYS,
  settlementParamsSchema,
} from '@consorcio/domain';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import {
  changeExpenseStatus,
  getApartmentExpenses,
  getExpensesByApartments,
  getSettledMonths,
  getSettlementStatement,
  settleMonth,
} from './expenses.service.ts';

const tags = ['Expensas'];
const monthKeySchema = z.enum(MONTH_KEYS);
const expenseSchema = z.object({
  id: z.number(),
  apartmentId: z.number(),
  month: monthKeySchema,
  year: z.number(),
  amount: z.number().describe('pesos'),
  status: z.enum(EXPENSE_STATUSES),
  createdAt: z.string(),
});

const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add/:month/:year',
    {
      schema: {
        tags,
        summary: 'Liquidar el mes (month 0..11): una expensa por departamento, prorrateada por m2',
        params: settlementParamsSchema,
        body: generateExpensesBodySchema,
        response: {
          201: z.object({
            buildingId: z.number(),
            month: monthKeySchema,
            year: z.number(),
            total: z.number(),
            items: z.array(z.object({ apartmentId: z.number(), amount: z.number() })),
          }),
        },
      },
    },
    async (request, reply) => {
      const p = await requireAdmin(request);
      const r = await settleMonth(app.db, p, request.body.buildingId, request.params.year, request.params.month);
      return reply.status(201).send(r);
    },
  );

  app.get(
    '/allByApartments',
    {
      schema: {
        tags,
        summary: 'Departamentos con sus expensas',
        querystring: expensesByApartmentsQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.number(),
                buildingId: z.number(),
                building: z.object({ id: z.number(), name: z.string() }),
                cata_apartment: z.string(),
                number_apartment: z.string(),
                mt2: z.number(),
                expenses: z.array(expenseSchema),
              }),
            ),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => getExpensesByApartments(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/invoicedExpenses',
    {
      schema: {
        tags,
        summary: 'Meses liquidados',
        querystring: z.object({ buildingId: idSchema.optional() }),
        response: {
          200: z.object({
            items: z.array(z.object({ buildingId: z.number(), year: z.number(), month: monthKeySchema, total: z.number() })),
          }),
        },
      },
    },
    async (request) => getSettledMonths(app.db, await requireAdmin(request), request.query.buildingId),
  );

  app.get(
    '/settlement/:buildingId/:year/:month',
    {
      schema: {
        tags,
        summary: 'Liquidación de un mes: gastos por concepto y la parte de cada departamento (administrador o residente del edificio)',
        params: settlementParamsSchema.extend({ buildingId: idSchema }),
      },
    },
    async (request) => {
      const { buildingId, year, month } = request.params;
      return getSettlementStatement(app.db, await requireUser(request), buildingId, year, month);
    },
  );

  app.put(
    '/changeStatus/:id',
    { schema: { tags, summary: 'Alterna Adeudada ↔ Pagada', params: idParamsSchema, response: { 200: expenseSchema } } },
    async (request) => changeExpenseStatus(app.db, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/:apartmentId',
    {
      schema: {
        tags,
        summary: 'Expensas de un departamento, más nuevas primero (un residente, solo las suyas)',
        params: z.object({ apartmentId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: z.object({ items: z.array(expenseSchema), total: z.number() }) },
      },
    },
    async (request) =>
      getApartmentExpenses(app.db, await requireUser(request), request.params.apartmentId, request.query.page, request.query.pageSize),
  );
};

export default expensesRoutes;
