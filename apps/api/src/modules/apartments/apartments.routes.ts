import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apartmentSchema,
  createApartmentSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  updateApartmentSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin } from '../../plugins/auth.ts';
import { createApartment, deleteApartment, getApartment, listApartments, updateApartment } from './apartments.service.ts';

const TAGS = ['Departamentos'];

const apartmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The role first: callers without it get 401/403 before any body or parameter is looked at.
  app.addHook('preValidation', adminOnly);

  app.get(
    '/all/:buildingId',
    {
      schema: {
        tags: TAGS,
        summary: 'Departamentos de un edificio, por número',
        params: z.object({ buildingId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: listResultSchema(apartmentSchema) },
      },
    },
    async (request) => listApartments(app.db, await requireAdmin(request), request.params.buildingId, request.query),
  );

  app.get(
    '/:id',
    { schema: { tags: TAGS, summary: 'Un departamento', params: idParamsSchema, response: { 200: apartmentSchema } } },
    async (request) => getApartment(app.db, await requireAdmin(request), request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'Crear departamento',
        description: 'Un número ya usado en el edificio: 409 "No se cargó el dpto".',
        body: createApartmentSchema,
        response: { 201: apartmentSchema },
      },
    },
    async (request, reply) => {
      const principal = await requireAdmin(request);
      return reply.status(201).send(await createApartment(app.db, principal, request.body));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modificar departamento',
        description: 'Cambiar el número de un departamento ocupado: 409 "Error al modificar el dpto".',
        params: idParamsSchema,
        body: updateApartmentSchema,
        response: { 200: apartmentSchema },
      },
    },
    async (request) => updateApartment(app.db, await requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Eliminar departamento',
        description: '409 mientras vivan residentes en él. Con historial de expensas se archiva, no se destruye.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Eliminado (o archivado)') },
      },
    },
    async (request, reply) => {
      await deleteApartment(app.db, await requireAdmin(request), request.params.id, app.services.clock());
      return reply.status(204).send(null);
    },
  );
};

export default apartmentsRoutes;
