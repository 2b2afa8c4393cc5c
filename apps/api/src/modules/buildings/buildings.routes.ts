import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUILDING_BOUNDS, buildingSchema, idParamsSchema, idSchema, listQuerySchema, listResultSchema } from '@consorcio/domain';
import { AppError } from '../../lib/errors.ts';
import { readImagePart } from '../../lib/images.ts';
import { adminOnly, requireAdmin } from '../../plugins/auth.ts';
import { createBuilding, deleteBuilding, getBuilding, listBuildings, updateBuilding } from './buildings.service.ts';

const TAGS = ['Edificios'];

/* What the OpenAPI description shows for the multipart requests; the service validates with the shared schemas. */
const digitsDoc = z.union([z.int().min(0), z.string().regex(/^\d+$/)]).describe('solo dígitos');
const coordinateDoc = (limit: number) => z.union([z.number().min(-limit).max(limit), z.string()]).nullable();
const buildingFieldsDoc = z.object({
  name: z.string().max(BUILDING_BOUNDS.name),
  cata: z.string().max(BUILDING_BOUNDS.cata).describe('número catastral'),
  address: z.string().max(BUILDING_BOUNDS.address),
  floor: digitsDoc,
  cant_apartments: digitsDoc,
  latitude: coordinateDoc(90).optional().describe('con longitude, o ninguna de las dos'),
  longitude: coordinateDoc(180).optional(),
});
const imageDoc = z
  .string()
  .meta({ format: 'binary' })
  .optional()
  .describe('JPEG o PNG, juzgado por su contenido, hasta 5 MB (si no: 415 / 413). Se guarda re-codificado, sin metadatos.');
const createBodyDoc = z.object({ body: buildingFieldsDoc, image: imageDoc });
const updateBodyDoc = z.object({
  body: buildingFieldsDoc
    .partial()
    .extend({ id: z.int().positive() })
    .describe('Los campos en blanco o ausentes conservan su valor; latitude y longitude en null borran las coordenadas.'),
  image: imageDoc,
});
const jsonAlso = 'También acepta los mismos campos como application/json, sin imagen.';

/** The body schema only documents the multipart request: the handler reads it after the role check. */
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** Busboy calls a part without a file name a text field; a part named `image` is always judged as a file. */
const isPartAFile = (fieldName: string | undefined, contentType: string | undefined, fileName: string | undefined) =>
  fieldName === 'image' || fileName !== undefined || contentType === 'application/octet-stream';

/**
 * Reads the `body` (JSON) and optional `image` parts; plain JSON requests work too. The image is
 * only read here (413 past 5 MB): the service judges its content after the fields and tenancy.
 */
async function readBuildingRequest(request: FastifyRequest): Promise<{ body: unknown; image?: Buffer }> {
  if (!request.isMultipart()) return { body: request.body ?? {} };
  let body: unknown = {};
  let image: Buffer | undefined;
  for await (const part of request.parts({ isPartAFile })) {
    if (part.type === 'file') {
      if (part.fieldname === 'image' && image === undefined) {
        const raw = await readImagePart(part);
        // Zero bytes is what a browser sends for a file input left empty: no new image.
        if (raw.length > 0) image = raw;
      } else await part.toBuffer();
    } else if (part.fieldname === 'body') {
      // Sent with Content-Type application/json, the multipart plugin has parsed it already.
      if (typeof part.value !== 'string') body = part.value;
      else {
        try {
          body = JSON.parse(part.value);
        } catch {
          throw new AppError('VALIDATION', 'La solicitud no es válida');
        }
      }
    }
  }
  return { body, image };
}

const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The role first: callers without it get 401/403 before any body, query or file is looked at.
  app.addHook('preValidation', adminOnly);

  app.get(
    '/all',
    {
      schema: {
        tags: TAGS,
        summary: 'Edificios del administrador, por nombre',
        querystring: listQuerySchema,
        response: { 200: listResultSchema(buildingSchema) },
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
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: TAGS,
        summary: 'Crear edificio',
        description: `multipart/form-data: parte \`body\` = JSON de los campos, parte opcional \`image\`. ${jsonAlso}`,
        consumes: ['multipart/form-data'],
        body: createBodyDoc,
        response: { 201: buildingSchema },
      },
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
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: TAGS,
        summary: 'Modificar edificio (los campos en blanco conservan su valor)',
        description:
          `multipart/form-data: parte \`body\` = JSON con \`id\` y los campos a cambiar, parte opcional \`image\` (reemplaza la anterior). ${jsonAlso} ` +
          'Un edificio de otro administrador: 404, antes de mirar campos o imagen.',
        consumes: ['multipart/form-data'],
        body: updateBodyDoc,
        response: { 200: buildingSchema },
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
        response: { 204: z.null().describe('Archivado') },
      },
    },
    async (request, reply) => {
      await deleteBuilding(app.db, await requireAdmin(request), request.params.id, app.services.clock());
      return reply.status(204).send(null);
    },
  );
};

export default buildingsRoutes;
