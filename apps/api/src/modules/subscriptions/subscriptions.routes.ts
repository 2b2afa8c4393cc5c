import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingSubscriptionListSchema,
  createSubscriptionSchema,
  feedUrlSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  subscriptionSchema,
  unsubscribeTokenSchema,
  updateSubscriptionSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireResident, requireUser, signedIn } from '../../plugins/auth.ts';
import { getFeedUrl, renewFeedUrl } from './feed.service.ts';
import {
  changeSubscription,
  getBuildingSubscriptions,
  getSubscription,
  subscribe,
  unsubscribe,
  unsubscribeByToken,
} from './subscriptions.service.ts';

const tags = ['Suscripciones'];

/** Residents subscribe themselves: an administrator has no subscription to make or change (403). */
const residentOnly = async (request: FastifyRequest): Promise<void> => {
  await requireResident(request);
};

const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feed',
    {
      schema: {
        tags,
        summary: 'Enlace privado del calendario de alertas (se crea en el primer pedido)',
        description: 'Residentes. `url`: un feed iCalendar para agregar en Google Calendar o el teléfono.',
        response: { 200: feedUrlSchema },
      },
      preValidation: residentOnly,
    },
    async (request) => getFeedUrl(app.db, app.config.publicUrl, await requireResident(request)),
  );

  app.post(
    '/feed',
    {
      schema: {
        tags,
        summary: 'Generar un enlace nuevo del calendario (el anterior deja de funcionar)',
        response: { 200: feedUrlSchema },
      },
      preValidation: residentOnly,
    },
    async (request) => renewFeedUrl(app.db, app.config.publicUrl, await requireResident(request)),
  );

  app.get(
    '/all/:buildingId',
    {
      schema: {
        tags,
        summary: 'Suscripciones de los vecinos de un edificio, por nombre',
        params: z.object({ buildingId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: buildingSubscriptionListSchema },
      },
      preValidation: adminOnly,
    },
    async (request) => getBuildingSubscriptions(app.db, await requireAdmin(request), request.params.buildingId, request.query),
  );

  app.get(
    '/:userId',
    {
      schema: {
        tags,
        summary: 'La suscripción de un usuario (el propio, o un vecino de los edificios del administrador); 404 si no tiene',
        params: z.object({ userId: idSchema }),
        response: { 200: subscriptionSchema },
      },
      preValidation: signedIn,
    },
    async (request) => getSubscription(app.db, await requireUser(request), request.params.userId),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Suscribirse a las alertas por correo',
        description: 'Residentes, para sí mismos. Una segunda suscripción: 409 (se modifica o se elimina la que hay).',
        body: createSubscriptionSchema,
        response: { 201: subscriptionSchema },
      },
      preValidation: residentOnly,
    },
    async (request, reply) => reply.status(201).send(await subscribe(app.db, await requireResident(request), request.body.alerts)),
  );

  app.put(
    '/',
    {
      schema: { tags, summary: 'Cambiar la suscripción propia', body: updateSubscriptionSchema, response: { 200: subscriptionSchema } },
      preValidation: residentOnly,
    },
    async (request) => changeSubscription(app.db, await requireResident(request), request.body.id, request.body.alerts),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Eliminar la suscripción propia', params: idParamsSchema }, preValidation: residentOnly },
    async (request, reply) => {
      await unsubscribe(app.db, await requireResident(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Its own context: only this route reads form bodies (the RFC 8058 one-click POST).
  await app.register(unsubscribeRoute);
};

const FORM_BODY_LIMIT = 4096;

const unsubscribeRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Dejar de recibir alertas por correo (enlace del correo, sin sesión)',
        description:
          'El token firmado va en `?token=` (el enlace de `List-Unsubscribe`, RFC 8058: el cliente de correo envía ' +
          '`List-Unsubscribe=One-Click` como application/x-www-form-urlencoded) o en el cuerpo `{token}`. ' +
          'Idempotente: sin suscripción también responde 200. Token inválido o adulterado: 400.',
        security: [],
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        querystring: z.object({ token: unsubscribeTokenSchema.optional() }),
        // No body at all is fine too (the token is in the query).
        body: z.object({ token: unsubscribeTokenSchema.optional() }).nullish(),
        response: { 200: z.object({ unsubscribed: z.literal(true) }) },
      },
    },
    async (request) => {
      await unsubscribeByToken(app.db, app.links, request.query.token ?? request.body?.token);
      return { unsubscribed: true as const };
    },
  );
};

export default subscriptionsRoutes;
