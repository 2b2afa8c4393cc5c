import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPLAINTS_PER_DAY,
  UNSEEN_SHOWN,
  complaintListSchema,
  complaintSchema,
  complaintStateBodySchema,
  createComplaintSchema,
  createReplySchema,
  idParamsSchema,
  idSchema,
  listComplaintsQuerySchema,
  listQuerySchema,
  replyListSchema,
  replySchema,
  unseenComplaintsSchema,
} from '@consorcio/domain';
import { readUploadBody, uploadedImage, withImagePart } from '../../lib/images.ts';
import { adminOnly, requireAdmin, requireResident, requireUser, signedIn } from '../../plugins/auth.ts';
import {
  addReply,
  changeState,
  createComplaint,
  getComplaint,
  getReplies,
  getUnseen,
  listComplaints,
  listUserComplaints,
  markSeen,
  type MailContext,
} from './complaints.service.ts';

const tags = ['Reclamos'];

const REACH =
  'Lo ven su autor y los administradores del edificio; cualquier otro usuario (otro administrador, otro vecino del mismo edificio) recibe 404.';

/** The role first: a caller without it gets 401/403 before any body or file is looked at. */
const residentOnly = async (request: FastifyRequest): Promise<void> => {
  await requireResident(request);
};

const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = (): MailContext => ({ publicUrl: app.config.publicUrl });

  app.post(
    '/',
    {
      preValidation: [residentOnly, readUploadBody],
      schema: {
        tags,
        summary: 'Presentar un reclamo (residente)',
        description:
          'multipart/form-data: parte `body` = JSON de `date, subject, details, importance`, parte opcional `image`. ' +
          'También acepta los mismos campos como application/json, sin imagen. El edificio, la unidad y el autor salen de la sesión. ' +
          `Avisa por correo (outbox, misma transacción) a los administradores del edificio. Como mucho ${COMPLAINTS_PER_DAY} por día ` +
          'calendario de Argentina (desde las 0 h): el siguiente recibe 429 con Retry-After hasta la medianoche.',
        consumes: ['multipart/form-data'],
        body: withImagePart(createComplaintSchema),
        response: { 201: complaintSchema },
      },
    },
    async (request, reply) => {
      const principal = await requireResident(request);
      const complaint = await createComplaint(
        app.db,
        app.services.storage,
        principal,
        request.body,
        uploadedImage(request),
        app.services.clock(),
        mail(),
      );
      return reply.status(201).send(complaint);
    },
  );

  app.get(
    '/all',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Reclamos de los edificios del administrador, más nuevos primero',
        description: 'Por fecha descendente, luego por momento de carga. Filtros `buildingId`, `importance`, `state`.',
        querystring: listComplaintsQuerySchema,
        response: { 200: complaintListSchema },
      },
    },
    async (request) => listComplaints(app.db, await requireAdmin(request), request.query),
  );

  app.get(
    '/unseen',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'La campana: reclamos sin ver',
        description: `Los ${UNSEEN_SHOWN} más nuevos sin ver de los edificios del administrador, y cuántos hay sin ver en total.`,
        response: { 200: unseenComplaintsSchema },
      },
    },
    async (request) => getUnseen(app.db, await requireAdmin(request)),
  );

  app.get(
    '/user/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Reclamos de un residente, más nuevos primero',
        description:
          'Un residente, solo los propios (otro id: 404). Un administrador, los de un residente de sus edificios presentados en ellos.',
        params: z.object({ userId: idSchema }),
        querystring: listQuerySchema,
        response: { 200: complaintListSchema },
      },
    },
    async (request) => listUserComplaints(app.db, await requireUser(request), request.params.userId, request.query),
  );

  app.get(
    '/:id',
    {
      preValidation: signedIn,
      schema: { tags, summary: 'Un reclamo', description: REACH, params: idParamsSchema, response: { 200: complaintSchema } },
    },
    async (request) => getComplaint(app.db, await requireUser(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Marcar un reclamo como visto',
        description: 'La campana marca así, uno por uno, solo los reclamos que mostró.',
        params: idParamsSchema,
        response: { 200: complaintSchema },
      },
    },
    async (request) => markSeen(app.db, await requireAdmin(request), request.params.id),
  );

  app.put(
    '/state/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Abrir o cerrar un reclamo',
        description: 'Si el estado cambia, avisa por correo al autor (outbox, misma transacción).',
        params: idParamsSchema,
        body: complaintStateBodySchema,
        response: { 200: complaintSchema },
      },
    },
    async (request) => changeState(app.db, await requireAdmin(request), request.params.id, request.body.state, mail()),
  );

  app.get(
    '/:id/replies',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Respuestas de un reclamo, más antiguas primero',
        description: REACH,
        params: idParamsSchema,
        response: { 200: replyListSchema },
      },
    },
    async (request) => getReplies(app.db, await requireUser(request), request.params.id),
  );

  app.post(
    '/:id/replies',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Responder en un reclamo',
        description: `${REACH} Avisa por correo a la otra parte: la respuesta de un administrador, al autor; la del autor, a los administradores del edificio.`,
        params: idParamsSchema,
        body: createReplySchema,
        response: { 201: replySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addReply(app.db, await requireUser(request), request.params.id, request.body.text, app.services.clock(), mail())),
  );
};

export default complaintsRoutes;
