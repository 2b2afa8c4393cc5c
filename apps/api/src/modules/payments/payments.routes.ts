import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkoutSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  PAYMENT_MSG,
  paymentSchema,
  receiptSchema,
  sandboxCheckoutSchema,
  sandboxDecisionParamsSchema,
} from '@consorcio/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireResident, requireUser, signedIn } from '../../plugins/auth.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import { verifyMercadoPagoSignature } from './providers/mercadopago.ts';
import {
  decideSandbox,
  getReceipt,
  getSandboxCheckout,
  handleNotification,
  listPaymentsOfExpense,
  startCheckout,
} from './payments.service.ts';

const tags = ['Pagos'];

const residentOnly = async (request: FastifyRequest): Promise<void> => {
  await requireResident(request);
};

/** MercadoPago's notification: `?data.id=<payment id>&type=payment`, signed in x-signature. */
const webhookQuerySchema = z.looseObject({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(64).optional(),
});

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/expense/:expenseId',
    {
      schema: {
        tags,
        summary: 'Pagar una expensa: abre un checkout con el proveedor por el monto de la expensa (leído en el servidor)',
        description:
          'Residente del departamento. 409 si ya está pagada o tiene un pago en proceso; un checkout abierto sin pago se reutiliza. ' +
          '503 si el proveedor no responde.',
        params: z.object({ expenseId: idSchema }),
        response: { 201: checkoutSchema },
      },
      preValidation: residentOnly,
    },
    async (request, reply) => {
      const r = await startCheckout(app, await requireResident(request), request.params.expenseId);
      return reply.status(201).send(r);
    },
  );

  app.get(
    '/expense/:expenseId',
    {
      schema: {
        tags,
        summary: 'Pagos de una expensa, más nuevos primero (el residente del departamento o sus administradores)',
        params: z.object({ expenseId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: listResultSchema(paymentSchema) },
      },
      preValidation: signedIn,
    },
    async (request) =>
      listPaymentsOfExpense(app.db, await requireUser(request), request.params.expenseId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/:paymentId/receipt',
    {
      schema: {
        tags,
        summary: 'Comprobante de un pago aprobado',
        description: '409 si el pago no está aprobado.',
        params: z.object({ paymentId: idSchema }),
        response: { 200: receiptSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getReceipt(app.db, await requireUser(request), request.params.paymentId),
  );

  app.post(
    '/webhook',
    {
      schema: {
        tags,
        summary: 'Notificación de MercadoPago (firma x-signature verificada; el pago se consulta al proveedor)',
        description:
          'Solo con MP_ACCESS_TOKEN configurado (si no, 404). Firma inválida o vieja (más de 5 minutos): 401 y nada cambia. ' +
          'Idempotente: la misma notificación cualquier cantidad de veces cambia las cosas una sola vez.',
        querystring: webhookQuerySchema,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const secret = app.config.mpWebhookSecret;
      if (!app.config.mpAccessToken || !secret) throw notFound();
      const dataId = request.query['data.id'];
      if (
        !verifyMercadoPagoSignature({
          headers: request.headers,
          dataId,
          secret,
          now: () => app.services.clock().getTime(),
          log: request.log,
        })
      ) {
        throw new AppError('UNAUTHENTICATED', PAYMENT_MSG.badSignature);
      }
      // Other topics (merchant orders, ...) carry nothing we act on.
      if (request.query.type !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId)) return { received: true as const };
      try {
        await handleNotification(app, dataId);
      } catch (err) {
        if (err instanceof ProviderUnavailableError) {
          // MercadoPago retries a notification we did not acknowledge; the re-check job covers it too.
          request.log.warn({ err, providerPaymentId: dataId }, 'payment provider unavailable while handling a notification');
          throw new AppError('UNAVAILABLE', PAYMENT_MSG.providerDown);
        }
        throw err;
      }
      return { received: true as const };
    },
  );

  app.get(
    '/sandbox/:paymentId',
    {
      schema: {
        tags,
        summary: 'Pago simulado: el checkout del proveedor de prueba (solo sin MercadoPago configurado)',
        params: z.object({ paymentId: idSchema }),
        response: { 200: sandboxCheckoutSchema },
      },
      preValidation: residentOnly,
    },
    async (request) => getSandboxCheckout(app, await requireResident(request), request.params.paymentId),
  );

  app.post(
    '/sandbox/:paymentId/:decision',
    {
      schema: {
        tags,
        summary: 'Pago simulado: Aprobar (approve) o Rechazar (reject); sigue el mismo camino que una notificación',
        description: '409 si el pago ya fue procesado.',
        params: sandboxDecisionParamsSchema,
        response: { 200: sandboxCheckoutSchema },
      },
      preValidation: residentOnly,
    },
    async (request) => decideSandbox(app, await requireResident(request), request.params.paymentId, request.params.decision),
  );
};

export default paymentsRoutes;
