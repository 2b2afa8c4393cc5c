import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amenityListSchema, amenitySchema, createAmenitySchema, idParamsSchema, listAmenitiesQuerySchema } from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import { createAmenity, deleteAmenity, getAmenity, listAmenities, updateAmenity } from './amenities.service.ts';

const tags = ['Amenities'];

const FREE_SLOTS =
  '`freeSlots` ("Turnos disponibles") cuenta los turnos que todavía se pueden reservar: no reservados y que empiezan después de ahora (hora de Argentina).';

const RULES =
  '`rules`: reglas de reserva, cada una opcional (`maxPerWeek`, `maxPerMonth`, `advanceDays`, `minNoticeHours`, `cancelHours`, `blockDebtors`); ' +
  'se aplican cuando reserva un residente. Cambiar `capacity` vale para los turnos que se generen después.';

const amenitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Amenities vigentes',
        description:
          'Un administrador ve los de sus edificios (filtro `buildingId`); un residente, los de su edificio (otro `buildingId` da una lista vacía). ' +
          `Los eliminados (archivados) no aparecen. Ordenados por edificio y tipo. ${FREE_SLOTS}`,
        querystring: listAmenitiesQuerySchema,
        response: { 200: amenityListSchema },
      },
    },
    async (request) => listAmenities(app.db, await requireUser(request), request.query, app.services.clock()),
  );

  app.get(
    '/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Un amenity',
        description: `Del edificio del residente o de un edificio del administrador; si no, o si fue eliminado, 404. ${FREE_SLOTS}`,
        params: idParamsSchema,
        response: { 200: amenitySchema },
      },
    },
    async (request) => getAmenity(app.db, await requireUser(request), request.params.id, app.services.clock()),
  );

  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Crear un amenity',
        description: `\`building\` debe ser un edificio del administrador (si no, 404). ${RULES}`,
        body: createAmenitySchema,
        response: { 201: amenitySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAmenity(app.db, await requireAdmin(request), request.body, app.services.clock())),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Editar un amenity',
        description: `Los mismos campos que al crear. ${RULES}`,
        params: idParamsSchema,
        body: createAmenitySchema,
        response: { 200: amenitySchema },
      },
    },
    async (request) => updateAmenity(app.db, await requireAdmin(request), request.params.id, request.body, app.services.clock()),
  );

  app.delete(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Eliminar un amenity',
        description:
          'Lo archiva: deja de listarse y sus turnos libres dejan de ofrecerse. Las reservas por venir se cancelan y cada residente recibe un aviso por correo; las pasadas quedan en su historial.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteAmenity(app.db, await requireAdmin(request), request.params.id, app.services.clock(), {
        publicUrl: app.config.publicUrl,
      });
      return reply.status(204).send();
    },
  );
};

export default amenitiesRoutes;
