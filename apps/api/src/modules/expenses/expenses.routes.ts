import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apartmentExpensesSchema,
  EXPENSE_MSG,
  expenseSchema,
  expensesByApartmentsQuerySchema,
  generateExpensesBodySchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  settledMonthSchema,
  settlementParamsSchema,
  settlementResultSchema,
  settlementStatementSchema,
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
        response: { 201: settlementResultSchema },
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
        response: { 200: listResultSchema(apartmentExpensesSchema) },
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
        description:
          'Administrador: sus edificios. Residente: solo el suyo (para leer sus liquidaciones); buildingId toma su edificio por omisión y cualquier otro responde 404.',
        querystring: listQuerySchema.extend({ buildingId: idSchema.optional() }),
        response: { 200: listResultSchema(settledMonthSchema) },
      },
      preValidation: signedIn,
    },
    async (request) => getSettledMonths(app.db, await requireUser(request), request.query),
  );

  app.get(
    '/settlement/:buildingId/:year/:month',
    {
      schema: {
        tags,
        summary: 'Liquidación de un mes: gastos por concepto y la parte de cada departamento (administrador o residente del edificio)',
        params: settlementParamsSchema.extend({ buildingId: idSchema }),
        response: { 200: settlementStatementSchema },
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
      schema: {
        tags,
        summary: 'Alterna Adeudada ↔ Pagada: registra (o anula) un pago manual',
        description: '409 si la expensa se pagó en línea (se reabre sola si el pago se devuelve) o tiene un pago en línea en proceso.',
        params: idParamsSchema,
        response: { 200: expenseSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => changeExpenseStatus(app, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/:apartmentId',
    {
      schema: {
        tags,
        summary: 'Expensas de un departamento, más nuevas primero (un residente, solo las suyas)',
        params: z.object({ apartmentId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: listResultSchema(expenseSchema) },
      },
      preValidation: signedIn,
    },
    async (request) =>
      getApartmentExpenses(app.db, await requireUser(request), request.params.apartmentId, request.query.page, request.query.pageSize),
  );
};

export default expensesRoutes;
