import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPENSE_MSG,
  EXPENSE_STATUSES,
  expensesByApartmentsQuerySchema,
  generateExpensesBodySchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  MONTH_KEYS,
  settlementParamsSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
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
const statementSchema = z.object({
  buildingId: z.number(),
  building: z.object({ id: z.number(), name: z.string(), address: z.string(), cata: z.string() }),
  year: z.number(),
  month: monthKeySchema,
  total: z.number().describe('pesos: the month’s spending total'),
  settledAt: z.string(),
  byConcept: z.array(z.object({ concept: z.string(), total: z.number() })).describe('normalised concept names, largest first'),
  spendings: z.array(
    z.object({ id: z.number(), date: z.string(), concept: z.string(), supplier: z.string(), details: z.string(), amount: z.number() }),
  ),
  totalMt2: z.number().describe('the settled apartments’ total area'),
  items: z
    .array(
      z.object({
        apartmentId: z.number(),
        number_apartment: z.string(),
        cata_apartment: z.string(),
        mt2: z.number().describe('the apartment’s area when the month was settled'),
        amount: z.number(),
        status: z.enum(EXPENSE_STATUSES).optional().describe('administrators only'),
        expenseId: z.number().optional().describe('administrators only'),
      }),
    )
    .describe('one per apartment settled'),
});

const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add/:month/:year',
    {
      schema: {
        tags,
        summary: 'Liquidar el mes (month 0..11): una expensa por departamento, prorrateada por m2',
        description:
          'Un mes posterior al actual (hora de Argentina) todavía no puede liquidarse: 422 "' +
          EXPENSE_MSG.futureMonth +
          '". También 422 para un mes sin gastos o un edificio sin superficie; 409 si el mes ya fue liquidado.',
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
      preValidation: adminOnly,
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
                archived: z.boolean().describe('the apartment was deleted; listed while it has expenses'),
                expenses: z.array(expenseSchema),
              }),
            ),
            total: z.number(),
          }),
        },
      },
      preValidation: adminOnly,
    },
    async (request) => getExpensesByApartments(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/invoicedExpenses',
    {
      schema: {
        tags,
        summary: 'Meses liquidados, más nuevos primero (paginado)',
        querystring: listQuerySchema.extend({ buildingId: idSchema.optional() }),
        response: {
          200: z.object({
            items: z.array(z.object({ buildingId: z.number(), year: z.number(), month: monthKeySchema, total: z.number() })),
            total: z.number(),
          }),
        },
      },
      preValidation: adminOnly,
    },
    async (request) => getSettledMonths(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/settlement/:buildingId/:year/:month',
    {
      schema: {
        tags,
        summary: 'Liquidación de un mes: gastos por concepto y la parte de cada departamento (administrador o residente del edificio)',
        params: settlementParamsSchema.extend({ buildingId: idSchema }),
        response: { 200: statementSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const { buildingId, year, month } = request.params;
      return getSettlementStatement(app.db, await requireUser(request), buildingId, year, month);
    },
  );

  app.put(
    '/changeStatus/:id',
    {
      schema: { tags, summary: 'Alterna Adeudada ↔ Pagada', params: idParamsSchema, response: { 200: expenseSchema } },
      preValidation: adminOnly,
    },
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
      preValidation: signedIn,
    },
    async (request) =>
      getApartmentExpenses(app.db, await requireUser(request), request.params.apartmentId, request.query.page, request.query.pageSize),
  );
};

export default expensesRoutes;
