import { z } from 'zod';
import { IMPORTANCE, idSchema, isoDateSchema, listQuerySchema, listResultSchema, safeText } from './common.ts';
import { MSG } from './messages.ts';
import { buildingRefSchema } from './buildings.ts';

/** spec/resident-area.md §5 and §8. */
export const COMPLAINT_MSG = {
  fill: 'Debe completar el concepto, la importancia y el edificio',
  sent: 'Reclamo enviado correctamente!, pronto estaremos en contacto.',
  notSent: 'No se pudo enviar el reclamo',
  dailyLimit: 'Ya envió 10 reclamos hoy. Podrá enviar otro mañana; si es urgente, comuníquese con la administración.',
  noneNew: 'No hay nuevos reclamos!',
  closed: 'Reclamo cerrado',
  reopened: 'Reclamo abierto de nuevo',
  replySent: 'Respuesta enviada',
  replyEmpty: 'Escriba una respuesta',
  confirmClose: '¿Cerrar este reclamo?',
  confirmReopen: '¿Abrir de nuevo este reclamo?',
} as const;

export const COMPLAINT_BOUNDS = { subject: 100, details: 2000, reply: 1000 } as const;
/** A resident files at most this many complaints a day (API.md §Complaints). */
export const COMPLAINTS_PER_DAY = 10;
/** The bell shows this many of the newest unseen complaints. */
export const UNSEEN_SHOWN = 4;

export const COMPLAINT_STATES = ['opened', 'closed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_STATE_LABEL: Record<ComplaintState, string> = { opened: 'Abierto', closed: 'Cerrado' };

/**
 * POST /complaints, the JSON of the multipart part `body`. Building, apartment and user come from
 * the session, never from here.
 */
export const createComplaintSchema = z.object({
  date: z.string({ error: COMPLAINT_MSG.fill }).min(1, COMPLAINT_MSG.fill).pipe(isoDateSchema),
  subject: safeText(COMPLAINT_MSG.fill).trim().min(1, COMPLAINT_MSG.fill).max(COMPLAINT_BOUNDS.subject, MSG.tooLong),
  details: safeText(COMPLAINT_MSG.fill).trim().min(1, COMPLAINT_MSG.fill).max(COMPLAINT_BOUNDS.details, MSG.tooLong),
  importance: z.enum(IMPORTANCE, { error: COMPLAINT_MSG.fill }),
});
export type CreateComplaintInput = z.infer<typeof createComplaintSchema>;

/** The web form: the same fields (the image travels beside them). */
export const complaintFormSchema = createComplaintSchema;
export type ComplaintFormValues = z.input<typeof complaintFormSchema>;

/** GET /complaints/all (admin): newest first. */
export const listComplaintsQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  importance: z.enum(IMPORTANCE).optional(),
  state: z.enum(COMPLAINT_STATES).optional(),
});
export type ListComplaintsQuery = z.infer<typeof listComplaintsQuerySchema>;

/** PUT /complaints/state/{id} */
export const complaintStateBodySchema = z.object({ state: z.enum(COMPLAINT_STATES, { error: MSG.invalidValue }) });

/** POST /complaints/{id}/replies */
export const createReplySchema = z.object({
  text: safeText(COMPLAINT_MSG.replyEmpty).trim().min(1, COMPLAINT_MSG.replyEmpty).max(COMPLAINT_BOUNDS.reply, MSG.tooLong),
});

export const complaintSchema = z.object({
  id: z.number(),
  date: z.string().describe('YYYY-MM-DD'),
  subject: z.string(),
  details: z.string(),
  importance: z.enum(IMPORTANCE),
  state: z.enum(COMPLAINT_STATES),
  seen: z.boolean(),
  image: z.string().nullable().describe('URL served only to the author and the building administrators'),
  buildingId: z.number(),
  building: buildingRefSchema,
  apartmentId: z.number().nullable(),
  apartment: z.object({ id: z.number(), number_apartment: z.string() }).nullable(),
  userId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  createdAt: z.string().describe('ISO 8601'),
});
export type Complaint = z.infer<typeof complaintSchema>;
export const complaintListSchema = listResultSchema(complaintSchema);
export type ComplaintList = z.infer<typeof complaintListSchema>;

/** GET /complaints/unseen: the newest few for the bell, and how many there are. */
export const unseenComplaintsSchema = z.object({ items: z.array(complaintSchema), total: z.number() });
export type UnseenComplaints = z.infer<typeof unseenComplaintsSchema>;

export const replySchema = z.object({
  id: z.number(),
  text: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  author: z.object({ id: z.number(), name: z.string(), role: z.enum(['admin', 'resident']) }),
});
export type Reply = z.infer<typeof replySchema>;
export const replyListSchema = z.object({ items: z.array(replySchema), total: z.number() });
