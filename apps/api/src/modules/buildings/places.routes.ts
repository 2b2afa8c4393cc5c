import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, GEOCODE_QUERY_MIN, geocodeQueryReady, geocodeQuerySchema, geocodeResultSchema } from '@consorcio/domain';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { fileKind, fileUrl, type FileReadPolicy } from '../../lib/storage.ts';
import { complaintImageReadable } from '../complaints/complaints.repository.ts';
import { buildingImageReadable } from './buildings.repository.ts';

/**
 * Who may read an uploaded file, by the kind of record that owns it (the key's folder): a
 * building's image, those who may see the building; a complaint's, its author and the building's
 * administrators.
 */
const fileReaders = new Map<string, FileReadPolicy>([
  ['buildings', buildingImageReadable],
  ['complaints', complaintImageReadable],
]);

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
    async () => ({ tileUrl: app.config.tileUrl, geocoder: app.services.geocoder.enabled, oidc: app.config.oidc !== null }),
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
          'al servicio, con las consultas recientes en memoria), devuelve `{items:[]}` y la dirección se escribe a mano. ' +
          `Con menos de ${GEOCODE_QUERY_MIN} caracteres no se consulta: \`{items:[]}\`.`,
        querystring: geocodeQuerySchema,
        response: { 200: z.object({ items: z.array(geocodeResultSchema) }) },
      },
    },
    async (request) => {
      const { q } = request.query;
      if (!geocodeQueryReady(q)) return { items: [] };
      return { items: await app.services.geocoder.search(q) };
    },
  );

  app.get(
    '/files/*',
    {
      preValidation: signedIn,
      schema: {
        tags: ['Sistema'],
        summary: 'Imagen subida',
        description:
          'Solo para quienes pueden ver el registro al que pertenece: la imagen de un edificio, a sus administradores y residentes; ' +
          'la de un reclamo, a su autor y a los administradores del edificio. ' +
          'Cualquier otro usuario recibe 404, como si no existiera.',
      },
    },
    async (request, reply) => {
      const principal = await requireUser(request);
      const key = (request.params as { '*': string })['*'];
      const kind = fileKind(key);
      const mayRead = kind ? fileReaders.get(kind) : undefined;
      if (!mayRead || !(await mayRead(app.db, principal, fileUrl(key)))) throw notFound();
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
