import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRatingSchema, idParamsSchema, ratingSchema, updateRatingSchema } from '@consorcio/domain';
import { requireResident } from '../../plugins/auth.ts';
import { createRating, deleteRating, updateRating } from './services.service.ts';

const tags = ['Calificaciones'];

/** Only residents rate: an administrator gets 403 before the body is looked at. */
const residentOnly = async (request: FastifyRequest): Promise<void> => {
  await requireResident(request);
};

const OWN =
  'Solo la propia, de un servicio aceptado del edificio del residente; cualquier otra (de otro vecino, de otro edificio, inexistente): 404.';

const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preValidation: residentOnly,
      schema: {
        tags,
        summary: 'Calificar un servicio útil (residente), de 1 a 5 estrellas',
        description:
          'Un servicio aceptado del edificio del residente (uno pendiente o de otro edificio: 404). Una calificación por vecino y servicio: ' +
          'la segunda, aun en llamadas simultáneas, recibe 409 "Ya calificó este servicio"; para cambiarla, `PUT /ratings`.',
        body: createRatingSchema,
        response: { 201: ratingSchema },
      },
    },
    async (request, reply) => {
      const { serviceId, rating } = request.body;
      return reply.status(201).send(await createRating(app.db, await requireResident(request), serviceId, rating, app.services.clock()));
    },
  );

  app.put(
    '/',
    {
      preValidation: residentOnly,
      schema: {
        tags,
        summary: 'Cambiar la propia calificación',
        description: OWN,
        body: updateRatingSchema,
        response: { 200: ratingSchema },
      },
    },
    async (request) => updateRating(app.db, await requireResident(request), request.body.id, request.body.rating),
  );

  app.delete(
    '/:id',
    {
      preValidation: residentOnly,
      schema: { tags, summary: 'Borrar la propia calificación', description: OWN, params: idParamsSchema },
    },
    async (request, reply) => {
      await deleteRating(app.db, await requireResident(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default ratingsRoutes;
