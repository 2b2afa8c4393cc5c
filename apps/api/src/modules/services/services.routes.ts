import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SERVICES_PER_DAY,
  acceptServiceSchema,
  createServiceSchema,
  idParamsSchema,
  idSchema,
  listBuildingServicesQuerySchema,
  listServicesQuerySchema,
  serviceListSchema,
  serviceSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import { acceptService, createService, deleteService, listBuildingServices, listServices, type MailContext } from './services.service.ts';

const tags = ['Servicios'];

const RATINGS =
  '`ratingAverage` es el promedio de sus calificaciones con un decimal (null si no tiene), `ratingCount` cuántas tiene y ' +
  '`myRating` la calificación de quien consulta (null si no calificó), para cambiarla o borrarla.';

const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = (): MailContext => ({ publicUrl: app.config.publicUrl });

  app.get(
    '/all',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Servicios útiles de los edificios del administrador, más nuevos primero',
        description: `Pendientes y aceptados. Filtros \`buildingId\` y \`accepted\` (\`true\` Aceptado, \`false\` Pendiente). ${RATINGS}`,
        querystring: listServicesQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    async (request) => listServices(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/all/:buildingId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Servicios útiles aceptados de un edificio',
        description:
          'Para los residentes del edificio y sus administradores (cualquier otro: 404); los pendientes no aparecen. ' +
          '`q` busca una parte del título sin distinguir mayúsculas ni acentos ("nunez" encuentra "Plomería Núñez"; `%` y `_` valen literalmente). ' +
          '`sort=az` (por defecto) ordena por título; `sort=stars`, por promedio de mayor a menor (los que no tienen calificaciones al final), ' +
          `luego por cantidad de calificaciones y por título. ${RATINGS}`,
        params: z.object({ buildingId: idSchema }),
        querystring: listBuildingServicesQuerySchema,
        response: { 200: serviceListSchema },
      },
    },
    async (request) => listBuildingServices(app.db, await requireUser(request), request.params.buildingId, request.query),
  );

  app.post(
    '/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Proponer (residente) o publicar (administrador) un servicio útil',
        description:
          'Un residente propone un servicio para su propio edificio (otro `buildingId`: 404): queda Pendiente (`accepted:false`) hasta que un ' +
          'administrador lo acepte, y se avisa por correo (outbox, misma transacción) a los administradores del edificio. Como mucho ' +
          `${SERVICES_PER_DAY} propuestas por día calendario de Argentina: la siguiente recibe 429 con Retry-After hasta la medianoche. ` +
          'Un administrador lo publica en uno de sus edificios (otro: 404) ya Aceptado. ' +
          '`contact` debe ser un número de teléfono o un e-mail; `enrollment` (matrícula), solo dígitos.',
        body: createServiceSchema,
        response: { 201: serviceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createService(app.db, await requireUser(request), request.body, app.services.clock(), mail())),
  );

  app.put(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Aceptar un servicio propuesto',
        description: 'Pasa a Aceptado y lo ven los vecinos del edificio. Aceptarlo de nuevo no cambia nada. De otro administrador: 404.',
        body: acceptServiceSchema,
        response: { 200: serviceSchema },
      },
    },
    async (request) => acceptService(app.db, await requireAdmin(request), request.body.id),
  );

  app.delete(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Eliminar un servicio',
        description: 'Se borran también sus calificaciones. De otro administrador: 404.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteService(app.db, await requireAdmin(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default servicesRoutes;
