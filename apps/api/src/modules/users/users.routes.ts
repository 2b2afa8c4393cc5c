import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  idParamsSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  listUsersQuerySchema,
  updateUserSchema,
  userSchema,
} from '@consorcio/domain';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/auth.ts';
import { createUser, getApartmentUsers, getBuildingUsers, getUser, getUsers, updateUser } from './users.service.ts';

const tags = ['Usuarios'];
const userListSchema = listResultSchema(userSchema);

/*
 * Every call checks the role in preValidation, before its params, query or body: a resident gets
 * 403 and an anonymous caller 401, never field messages about a call they may not make.
 */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getall',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Residentes de mis edificios, filtrados por edificio y departamento',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) => getUsers(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/allByBuilding/:buildingId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Residentes de un edificio',
        params: z.object({ buildingId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) =>
      getBuildingUsers(app.db, await requireAdmin(request), request.params.buildingId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/all/:apartmentId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Residentes de un departamento',
        params: z.object({ apartmentId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) =>
      getApartmentUsers(app.db, await requireAdmin(request), request.params.apartmentId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Un residente (un residente solo puede leerse a sí mismo)',
        params: idParamsSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => getUser(app.db, await requireUser(request), request.params.id),
  );

  app.post(
    '/',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Registrar un residente en un departamento de mis edificios',
        description: 'El residente deberá elegir su contraseña en el primer ingreso (`first_logging`). El departamento queda ocupado.',
        body: createUserSchema,
        response: { 201: userSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(app.db, await requireAdmin(request), request.body)),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Editar un residente; isDeleted true lo deshabilita y cierra sus sesiones',
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateUser(app.db, await requireAdmin(request), request.params.id, request.body),
  );
};

export default usersRoutes;
