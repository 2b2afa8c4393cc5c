import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertListSchema,
  alertSchema,
  calendarAlertsQuerySchema,
  createAlertSchema,
  idParamsSchema,
  idSchema,
  listAlertsQuerySchema,
  sendAlertEmailResultSchema,
  sendAlertEmailSchema,
  updateAlertSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import {
  createAlert,
  deleteAlert,
  getAlert,
  getAlerts,
  getBuildingAlerts,
  resendAlertNotices,
  updateAlert,
  type NoticeContext,
} from './alerts.service.ts';

const tags = ['Alertas'];

const NOTICES =
  'Avisa por correo, en la misma transacción (outbox), a los residentes no bloqueados del edificio con suscripción: ' +
  '`all` recibe toda alerta, `important` solo las de importancia alta y media. Cada aviso lleva los encabezados ' +
  'List-Unsubscribe y List-Unsubscribe-Post (RFC 8058).';

const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notices = (): NoticeContext => ({ links: app.links, publicUrl: app.config.publicUrl });

  app.get(
    '/all',
    {
      schema: {
        tags,
        summary: 'Alertas filtradas, más nuevas primero',
        description:
          'Un administrador ve las de sus edificios; un residente, solo las de su edificio (otro `buildingId` da una lista vacía). ' +
          '`since` y `upTo` incluyen ambos días.',
        querystring: listAlertsQuerySchema,
        response: { 200: alertListSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getAlerts(app.db, await requireUser(request), request.query),
  );

  app.get(
    '/building/:buildingId',
    {
      schema: {
        tags,
        summary: 'Alertas de un edificio para el calendario, más antiguas primero',
        description:
          'Entre `since` y `upTo` (incluidos); `important=true` deja solo alta y media. Sin paginar, hasta 500 ' +
          '(`total` cuenta todas). Administrador del edificio o residente de él; si no, 404.',
        params: z.object({ buildingId: idSchema }),
        querystring: calendarAlertsQuerySchema,
        response: { 200: alertListSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getBuildingAlerts(app.db, await requireUser(request), request.params.buildingId, request.query),
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'Una alerta', params: idParamsSchema, response: { 200: alertSchema } },
      preValidation: signedIn,
    },
    async (request) => getAlert(app.db, await requireUser(request), request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Crear una alerta',
        description: `Fecha anterior a hoy (Argentina) → 400. ${NOTICES}`,
        body: createAlertSchema,
        response: { 201: alertSchema },
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.status(201).send(await createAlert(app.db, await requireAdmin(request), request.body, app.services.clock(), notices())),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Editar una alerta',
        description:
          'La regla de la fecha (no antes de hoy) se aplica solo si la fecha cambia: una alerta pasada puede corregirse sin moverla. ' +
          `Los avisos van marcados "Fe de erratas". ${NOTICES}`,
        body: updateAlertSchema,
        response: { 200: alertSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => updateAlert(app.db, await requireAdmin(request), request.body, app.services.clock(), notices()),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Eliminar una alerta (no envía avisos)', params: idParamsSchema }, preValidation: adminOnly },
    async (request, reply) => {
      await deleteAlert(app.db, await requireAdmin(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/sendEmail',
    {
      schema: {
        tags,
        summary: 'Enviar de nuevo los avisos de una alerta',
        description: `${NOTICES} Responde cuántos avisos quedaron en cola.`,
        body: sendAlertEmailSchema,
        response: { 202: sendAlertEmailResultSchema },
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.status(202).send(await resendAlertNotices(app.db, await requireAdmin(request), request.body.id, notices())),
  );
};

export default alertsRoutes;
