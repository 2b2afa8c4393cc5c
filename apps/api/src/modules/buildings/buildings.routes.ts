import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema, listQuerySchema } from '@consorcio/domain';
import { AppError } from '../../lib/errors.ts';
import { processImageUpload, type ProcessedImage } from '../../lib/images.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { createBuilding, deleteBuilding, getBuilding, listBuildings, updateBuilding } from './buildings.service.ts';

export const buildingSchema = z.object({
  id: z.number(),
  name: z.string(),
  cata: z.string(),
  address: z.string(),
  floor: z.number(),
  cant_apartments: z.number(),
  image: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

const TAGS = ['Edificios'];
const multipartNote =
  'multipart/form-data: parte `body` = JSON de los campos, parte opcional `image` (JPEG o PNG por contenido, hasta 5 MB: si no, 415 / 413). ' +
  'También acepta el mismo JSON como application/json, sin imagen.';

/** Reads the `body` (JSON text) and optional `image` parts; plain JSON requests work too. */
async function readBuildingRequest(request: FastifyRequest): Promise<{ body: unknown; image?: ProcessedImage }> {
  if (!request.isMultipart()) return { body: request.body ?? {} };
  let body: unknown = {};
  let image: ProcessedImage | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'image' && !image) {
        const processed = part.filename ? await processImageUpload(part) : (await part.toBuffer(), undefined);
        image = processed;
      } else await part.toBuffer();
    } else if (part.fieldname === 'body') {
      try {
        body = JSON.parse(String(part.value));
      } catch {
        throw new AppError('VALIDATION', 'La solicitud no es válida');
      }
    }
  }
  return { body, image };
}

const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/all',
    {
      schema: {
        tags: TAGS,
        summary: 'Edificios del administrador, por nombre',
        querystring: listQuerySchema,
        response: { 200: z.object({ items: z.array(buildingSchema), total: z.number() }) },
      },
    },
    async (request) => listBuildings(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/findBuilding',
    {
      schema: { tags: TAGS, summary: 'Un edificio', querystring: z.object({ id: idSchema }), response: { 200: buildingSchema } },
    },
    async (request) => getBuilding(app.db, await requireAdmin(request), request.query.id),
  );

  app.post(
    '/',
    {
      schema: { tags: TAGS, summary: 'Crear edificio', description: multipartNote, consumes: ['multipart/form-data', 'application/json'] },
    },
    async (request, reply) => {
      const principal = await requireAdmin(request);
      const { body, image } = await readBuildingRequest(request);
      return reply.status(201).send(await createBuilding(app.db, app.services.storage, principal, body, image));
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags: TAGS,
        summary: 'Modificar edificio (los campos en blanco conservan su valor)',
        description: multipartNote,
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (request) => {
      const principal = await requireAdmin(request);
      const { body, image } = await readBuildingRequest(request);
      return updateBuilding(app.db, app.services.storage, principal, body, image);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Borrar edificio (se archiva: gastos, expensas y pagos se conservan)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteBuilding(app.db, await requireAdmin(request), request.params.id, app.services.clock());
      return reply.status(204).send();
    },
  );
};

export default buildingsRoutes;
