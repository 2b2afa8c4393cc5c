import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingSchema,
  createBuildingSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  updateBuildingSchema,
} from '@consorcio/domain';
import { readUploadBody, uploadedImage, withImagePart } from '../../lib/images.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import { findBuildingWithCaller, type BuildingRow } from './buildings.repository.ts';
import { createBuilding, deleteBuilding, getBuilding, listBuildings, updateBuilding } from './buildings.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route a resident may call too (the plugin's hook lets in any signed-in user). */
    residentsToo?: boolean;
    /** findBuilding: the caller and the building are read together (readBuildingWithCaller). */
    buildingById?: boolean;
  }
}

const TAGS = ['Edificios'];
const jsonAlso = 'También acepta los mismos campos como application/json, sin imagen.';

const buildingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The role first: callers without it get 401/403 before any body, query or file is looked at.
  // Residents may read their own building (findBuilding); everything else is for administrators.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.buildingById) readBuildingWithCaller(request);
    return request.routeOptions.config.residentsToo ? signedIn(request) : adminOnly(request);
  });

  /**
   * findBuilding in one round trip: with a session token and a well-formed id, the caller and the building (if
   * within their reach) are read by one statement. Otherwise the usual lookup answers 401/403, then the schema 400.
   */
  const buildingRead = new WeakMap<FastifyRequest, Promise<BuildingRow | null>>();
  const readBuildingWithCaller = (request: FastifyRequest) => {
    const token = request.sessionToken();
    const id = idSchema.safeParse((request.query as { id?: unknown } | undefined)?.id);
    if (!token || !id.success) return;
    const both = findBuildingWithCaller(app.db, token, id.data);
    request.principalFrom(both.then((b) => b.caller));
    const building = both.then((b) => b.building);
    // A failed read reaches the caller through principal() (503); this copy may then never be awaited.
    building.catch(() => {});
    buildingRead.set(request, building);
  };

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
      config: { residentsToo: true, buildingById: true },
      schema: {
        tags: TAGS,
        summary: 'Un edificio',
        description: 'Administradores: los suyos. Residentes: solo el propio (otro id: 404).',
        querystring: z.object({ id: idSchema }),
        response: { 200: buildingSchema },
      },
    },
    async (request) => getBuilding(app.db, await requireUser(request), request.query.id, buildingRead.get(request)),
  );

  /**
   * PUT: another administrator's building answers 404 before its fields (400) or its image (415)
   * are judged. An id that is no id is left to the body schema (400).
   */
  const buildingInReach = async (request: FastifyRequest) => {
    const body = request.body;
    const id = idSchema.safeParse(body !== null && typeof body === 'object' ? (body as { id?: unknown }).id : undefined);
    if (id.success) await assertBuildingVisible(app.db, await requireAdmin(request), id.data);
  };

  app.post(
    '/',
    {
      // After the role (the plugin's hook): the multipart parts become the body the schema validates.
      preValidation: readUploadBody,
      schema: {
        tags: TAGS,
        summary: 'Crear edificio',
        description: `multipart/form-data: parte \`body\` = JSON de los campos, parte opcional \`image\`. ${jsonAlso}`,
        consumes: ['multipart/form-data'],
        body: withImagePart(createBuildingSchema),
        response: { 201: buildingSchema },
      },
    },
    async (request, reply) => {
      const principal = await requireAdmin(request);
      const building = await createBuilding(app.db, app.services.storage, principal, request.body, uploadedImage(request));
      return reply.status(201).send(building);
    },
  );

  app.put(
    '/',
    {
      preValidation: [readUploadBody, buildingInReach],
      schema: {
        tags: TAGS,
        summary: 'Modificar edificio (los campos en blanco conservan su valor)',
        description:
          `multipart/form-data: parte \`body\` = JSON con \`id\` y los campos a cambiar, parte opcional \`image\` (reemplaza la anterior). ${jsonAlso} ` +
          'Los campos en blanco o ausentes conservan su valor; latitude y longitude en null borran las coordenadas. ' +
          'Un edificio de otro administrador: 404, antes de mirar campos o imagen.',
        consumes: ['multipart/form-data'],
        body: withImagePart(updateBuildingSchema),
        response: { 200: buildingSchema },
      },
    },
    async (request) => {
      const principal = await requireAdmin(request);
      return updateBuilding(app.db, app.services.storage, principal, request.body, uploadedImage(request));
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
