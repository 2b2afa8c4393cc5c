import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AMENITY_MSG, bookingSchema, idSchema } from '@consorcio/domain';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { cancelBooking, takeBooking, type MailContext } from './take.service.ts';

const tags = ['Reservas'];

const takeRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = (): MailContext => ({ publicUrl: app.config.publicUrl });

  app.put(
    '/takeBooking/:bookingId/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Reservar un turno',
        description:
          'Un residente reserva para sí mismo (otro `userId`: 404); un administrador, para un residente del edificio del turno, ' +
          'sin las reglas del amenity. Un turno libre o cancelado pasa a reservado con un UPDATE condicional: de varios pedidos ' +
          `a la vez gana exactamente uno y los demás reciben 409 "${AMENITY_MSG.taken}". Un turno que ya empezó (hora de ` +
          `Argentina): 409 "${AMENITY_MSG.past}". Un residente tiene como mucho un lugar de un amenity por horario: 409 ` +
          `"${AMENITY_MSG.onePerWindow}". Reglas del amenity para residentes (máximo por semana de lunes a domingo y por mes, ` +
          'contando las reservas activas del departamento; días de anticipación; horas de aviso; expensas adeudadas de meses ' +
          'anteriores): 409 con el mensaje que nombra la regla. Envía la confirmación por correo al residente (outbox, misma ' +
          'transacción). Un amenity eliminado, de otro edificio o fuera del alcance del que llama: 404.',
        params: z.object({ bookingId: idSchema, userId: idSchema }),
        response: { 200: bookingSchema },
      },
    },
    async (request) =>
      takeBooking(app.db, await requireUser(request), request.params.bookingId, request.params.userId, app.services.clock(), mail()),
  );

  app.put(
    '/cancelBooking/:bookingId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Cancelar un turno',
        description:
          'Quien lo reservó (antes de que empiece y dentro del plazo de cancelación del amenity: si no, 409) o un administrador ' +
          'del edificio. Queda cancelado con su usuario, para el historial; la lista del residente no lo muestra y un ' +
          'administrador puede liberarlo. Avisa por correo a quien lo tenía reservado (outbox, misma transacción). Cancelar ' +
          'uno ya cancelado no cambia nada. Un turno ajeno: 404.',
        params: z.object({ bookingId: idSchema }),
        response: { 200: bookingSchema },
      },
    },
    async (request) => cancelBooking(app.db, await requireUser(request), request.params.bookingId, app.services.clock(), mail()),
  );
};

export default takeRoutes;
