import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingListSchema,
  bookingSchema,
  createSlotsSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  setGroupStatusSchema,
  setSlotStatusSchema,
  slotsQuerySchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import {
  SLOT_MAX_ROWS,
  createSlots,
  listAmenitySlots,
  listSlots,
  listUserBookings,
  setGroupStatus,
  setSlotStatus,
  type SlotMailContext,
} from './bookings.service.ts';

const tags = ['Turnos'];

const SEEN_BY =
  'Un administrador ve los turnos de los amenities de sus edificios tal como están. Un residente, los de su edificio: ' +
  'el nombre solo en sus propias reservas, y un turno que puede tomar (libre o cancelado) como `free`; ' +
  'para él `status=free` son los que puede reservar (libres o cancelados que empiezan después de ahora).';

/** With status booked, the administrator names the resident (the shared schema has only the status). */

const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The clock and the links of the e-mails to a resident who gains or loses a booking.
  const mail = (): SlotMailContext => ({ now: app.services.clock(), publicUrl: app.config.publicUrl });
  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Generar turnos de un amenity',
        description:
          'Para cada día de `dateStart` a `dateEnd` y cada ventana de `duration` que empieza en `timeStart` y termina a más tardar en `timeEnd` ' +
          '(por defecto 07:30, 21:30 y 08:00), crea `capacity` turnos libres, en una sola sentencia. Horas locales de Argentina. ' +
          `409 si alguna ventana se superpone con turnos existentes del amenity (no crea ninguno); 400 si no entra ninguna ventana o si serían más de ${SLOT_MAX_ROWS.toLocaleString('es-AR')} turnos.`,
        body: createSlotsSchema,
        response: { 201: z.object({ created: z.number() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSlots(app.db, await requireAdmin(request), request.body)),
  );

  app.get(
    '/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Turnos, por inicio',
        description: `Filtros \`amenityId\`, \`start\` (un día, YYYY-MM-DD: los que empiezan ese día) y \`status\`. Ordenados por inicio y lugar. ${SEEN_BY}`,
        querystring: slotsQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (request) => listSlots(app.db, await requireUser(request), request.query, app.services.clock()),
  );

  app.get(
    '/byAmenity/:amenityId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Todos los turnos de un amenity, por inicio',
        description: `404 si el amenity no es del alcance de quien llama. ${SEEN_BY}`,
        params: z.object({ amenityId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (request) => listAmenitySlots(app.db, await requireUser(request), request.params.amenityId, request.query, app.services.clock()),
  );

  app.get(
    '/taked/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Reservas de un residente',
        description:
          'Solo las reservadas (las canceladas no aparecen): primero las que vienen, de la más próxima, y después las pasadas, de la más reciente. ' +
          'Un residente, solo las propias (otro id: 404); un administrador, las de un residente de sus edificios.',
        params: z.object({ userId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (request) => listUserBookings(app.db, await requireUser(request), request.params.userId, request.query, app.services.clock()),
  );

  app.put(
    '/group',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Cambiar el estado de los turnos de un horario',
        description:
          'Todos los turnos del amenity que empiezan en `start` (YYYY-MM-DDTHH:mm): `free` los libera (sin usuario), `cancelled` los cancela. ' +
          '`booked` reserva para el residente `userId` (del edificio del amenity) un lugar de ese horario, el primero no reservado: ' +
          'un residente tiene a lo sumo uno por horario (409). Responde cuántos turnos cambió; 404 si el amenity no tiene turnos en ese horario. ' +
          'Cada residente que gana o pierde una reserva que todavía no empezó recibe un e-mail.',
        body: setGroupStatusSchema,
        response: { 200: z.object({ updated: z.number() }) },
      },
    },
    async (request) => setGroupStatus(app.db, await requireAdmin(request), request.body, mail()),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Cambiar el estado de un turno',
        description:
          '`free` lo libera (sin usuario); `cancelled` lo cancela (queda quién lo tenía); `booked` lo reserva para `userId`, residente del edificio ' +
          '(sin `userId`, para quien lo tenía). Reservar un turno que tiene otro residente da 409: primero hay que liberarlo. ' +
          'El residente que gana o pierde una reserva que todavía no empezó recibe un e-mail.',
        params: idParamsSchema,
        body: setSlotStatusSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => setSlotStatus(app.db, await requireAdmin(request), request.params.id, request.body, mail()),
  );
};

export default bookingsRoutes;
