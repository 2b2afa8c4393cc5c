import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderFeed } from './feed.service.ts';

/** The private iCalendar feed, under /api/alerts beside the alerts it lists. */
const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feed/:token.ics',
    {
      // Calendar apps poll every resident's feed: no info line per fetch, and none with the token (it is the path).
      logLevel: 'warn',
      schema: {
        tags: ['Alertas'],
        summary: 'Calendario iCalendar de las alertas del edificio (sin sesión)',
        description:
          'El enlace lo da `GET /api/subscriptions/feed`. text/calendar: las alertas de los últimos 12 meses y todas las futuras, ' +
          'como eventos de día completo; el título lleva la importancia ("[Alta] Corte de agua"), la descripción el detalle. ' +
          'Token desconocido, reemplazado o de un usuario bloqueado: 404.',
        security: [],
        produces: ['text/calendar'],
        params: z.object({ token: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const text = await renderFeed(app.db, request.params.token, { publicUrl: app.config.publicUrl, now: app.services.clock() });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="alertas.ics"')
        .send(text);
    },
  );
};

export default feedRoutes;
