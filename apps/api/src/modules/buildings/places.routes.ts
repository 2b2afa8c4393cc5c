import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, geocodeResultSchema } from '@consorcio/domain';
import { adminOnly, signedIn } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';

/** What the buildings screens need besides buildings: map configuration, address search, stored images. */
const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['Sistema'],
        summary: 'Configuración pública de la aplicación web',
        description: '`tileUrl`: mosaicos del mapa. `geocoder`: si hay búsqueda de direcciones (si no, se escriben a mano).',
        response: { 200: appConfigSchema },
      },
    },
    async () => ({ tileUrl: app.config.tileUrl, geocoder: app.services.geocoder.enabled }),
  );

  app.get(
    '/geocode',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['Edificios'],
        summary: 'Sugerencias de direcciones con coordenadas',
        description:
          'Si el servicio de geocodificación no responde, está apagado o se pidió demasiado seguido (como mucho una consulta por segundo ' +
          'al servicio, con las consultas recientes en memoria), devuelve `{items:[]}` y la dirección se escribe a mano.',
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: z.object({ items: z.array(geocodeResultSchema) }) },
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      if (q.length < 3) return { items: [] };
      return { items: await app.services.geocoder.search(q) };
    },
  );

  app.get(
    '/files/*',
    { preValidation: signedIn, schema: { tags: ['Sistema'], summary: 'Imagen subida (usuarios con sesión)' } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const stream = await app.services.storage.get(key);
      if (!stream) throw notFound();
      return reply
        .type(key.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
};

export default placesRoutes;
