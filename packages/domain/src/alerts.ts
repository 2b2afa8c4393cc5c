import { z } from 'zod';
import { IMPORTANCE, idField, idSchema, isoDateSchema, listQuerySchema, listResultSchema, safeText, type Importance } from './common.ts';
import { MSG } from './messages.ts';
import { buildingRefSchema } from './buildings.ts';

/** spec/resident-area.md §5 and §8. */
export const ALERT_MSG = {
  fillCreate: 'Debe completar el concepto, la importancia y el edificio',
  fillEdit: 'Debe completar el concepto, la fecha, la importancia y el edificio',
  pastDate: 'La fecha ingresada no puede ser antes que la fecha de hoy',
  created: 'Se ha creado la alerta!',
  updated: 'Se ha modificado la alerta!',
  deleted: 'Se ha eliminado la alerta!',
  notCreated: 'Alerta no creada!',
  notUpdated: 'Alerta no modificada!',
  tryAgain: 'Intente de nuevo!',
  confirmDelete: '¿Eliminar esta alerta?',
  confirmDeleteHelp: 'Los vecinos dejarán de verla en el calendario y en las novedades.',
  /** After POST /alerts/sendEmail. */
  resent: (n: number) => (n === 1 ? 'Se envió el aviso a 1 vecino suscripto' : `Se envió el aviso a ${n} vecinos suscriptos`),
} as const;

export const ALERT_BOUNDS = { concept: 100, details: 1000 } as const;
/** Calendar event titles are cut at this many characters plus '…' (spec admin-panel §9). */
export const ALERT_TITLE_MAX = 20;
/** The alert list's first day (spec §9) when the user has not chosen one. */
export const ALERTS_SINCE_DEFAULT = '2021-01-01';

export const IMPORTANCE_LABEL: Record<Importance, string> = { alta: 'Alta', media: 'Media', baja: 'Baja' };
/** The importances the calendar shows, and the ones an `important` subscriber is told about. */
export const IMPORTANT_LEVELS: readonly Importance[] = ['alta', 'media'];

export function alertTitle(concept: string): string {
  return concept.length > ALERT_TITLE_MAX ? `${concept.slice(0, ALERT_TITLE_MAX)}…` : concept;
}

/** Whether an alert dated `date` (YYYY-MM-DD) lies before `today` (YYYY-MM-DD, in Argentina). */
export function isBeforeToday(date: string, today: string): boolean {
  return date < today;
}

const alertFields = (fill: string) => ({
  building: idField(fill),
  date: z.string({ error: ALERT_MSG.fillEdit }).min(1, ALERT_MSG.fillEdit).pipe(isoDateSchema),
  concept: safeText(fill).trim().min(1, fill).max(ALERT_BOUNDS.concept, MSG.tooLong),
  details: safeText().trim().max(ALERT_BOUNDS.details, MSG.tooLong).default(''),
  importance: z.enum(IMPORTANCE, { error: fill }),
});

/** POST /alerts (the date-not-before-today rule needs the server's clock: the service applies it). */
export const createAlertSchema = z.object(alertFields(ALERT_MSG.fillCreate));
export type CreateAlertInput = z.infer<typeof createAlertSchema>;

/** PUT /alerts */
export const updateAlertSchema = z.object({ ...alertFields(ALERT_MSG.fillEdit), id: idField(ALERT_MSG.fillEdit) });
export type UpdateAlertInput = z.infer<typeof updateAlertSchema>;

/** The web form (create and edit): every field a string until parsed. */
export const alertFormSchema = z.object({
  building: z.coerce.number({ error: ALERT_MSG.fillCreate }).int().min(1, ALERT_MSG.fillCreate),
  date: z.string().min(1, ALERT_MSG.fillEdit).pipe(isoDateSchema),
  concept: safeText(ALERT_MSG.fillCreate).trim().min(1, ALERT_MSG.fillCreate).max(ALERT_BOUNDS.concept, MSG.tooLong),
  details: safeText().trim().max(ALERT_BOUNDS.details, MSG.tooLong),
  importance: z.enum(IMPORTANCE, { error: ALERT_MSG.fillCreate }),
});
export type AlertFormValues = z.input<typeof alertFormSchema>;

/** GET /alerts/all: filters (inclusive date range), newest first. */
export const listAlertsQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  importance: z.enum(IMPORTANCE).optional(),
  since: isoDateSchema.optional(),
  upTo: isoDateSchema.optional(),
});
export type ListAlertsQuery = z.infer<typeof listAlertsQuerySchema>;

/**
 * GET /alerts/building/{buildingId}: the calendar's alerts between two dates (a month view asks
 * for the weeks it shows); `important=true` keeps only alta and media. Oldest first.
 */
export const calendarAlertsQuerySchema = z.object({
  since: isoDateSchema.optional(),
  upTo: isoDateSchema.optional(),
  important: z.enum(['true', 'false']).optional(),
});
export type CalendarAlertsQuery = z.infer<typeof calendarAlertsQuerySchema>;

export const alertSchema = z.object({
  id: z.number(),
  date: z.string().describe('YYYY-MM-DD'),
  concept: z.string(),
  details: z.string(),
  importance: z.enum(IMPORTANCE),
  buildingId: z.number(),
  building: buildingRefSchema,
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = listResultSchema(alertSchema);
export type AlertList = z.infer<typeof alertListSchema>;

/** POST /alerts/sendEmail */
export const sendAlertEmailSchema = z.object({ id: idField(MSG.invalidRequest) });
export const sendAlertEmailResultSchema = z.object({ queued: z.number() });

// ---- Subscriptions ----

export const SUBSCRIPTION_KINDS = ['important', 'all'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
export const SUBSCRIPTION_LABEL: Record<SubscriptionKind, string> = { important: 'IMPORTANTES', all: 'TODAS' };

export const SUBSCRIPTION_MSG = {
  created: 'Subscripción realizada con éxito!',
  updated: 'Subscripción modificada con éxito!',
  deleted: 'Subscripción eliminada con éxito!',
  exists: 'Ya tiene una subscripción: puede modificarla o eliminarla',
  chooseKind: 'Elija qué alertas quiere recibir',
  confirmDelete: '¿Dejar de recibir las alertas por correo?',
  none: 'No está suscripto: no recibe alertas por correo.',
  stateImportant: 'Está suscripto a las alertas IMPORTANTES: recibe por correo las de importancia alta y media.',
  stateAll: 'Está suscripto a TODAS las alertas: recibe por correo cada alerta de su edificio.',
  unsubscribed: 'Listo: ya no recibirá alertas por correo.',
  feedRotated: 'Se generó un enlace nuevo. El anterior dejó de funcionar.',
  feedCopied: 'Enlace copiado',
} as const;

export const subscriptionKindSchema = z.enum(SUBSCRIPTION_KINDS, { error: SUBSCRIPTION_MSG.chooseKind });

/** POST /subscriptions: always for the caller (a `userID` in the body is ignored). */
export const createSubscriptionSchema = z.object({ alerts: subscriptionKindSchema });
/** PUT /subscriptions */
export const updateSubscriptionSchema = z.object({ id: idField(MSG.invalidRequest), alerts: subscriptionKindSchema });

export const subscriptionSchema = z.object({ id: z.number(), alerts: subscriptionKindSchema, userId: z.number() });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /subscriptions/all/{buildingId} (admin): the building's subscribers. */
export const buildingSubscriptionSchema = subscriptionSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export const buildingSubscriptionListSchema = z.object({ items: z.array(buildingSubscriptionSchema), total: z.number() });

/** GET/POST /subscriptions/feed */
export const feedUrlSchema = z.object({ url: z.string() });

/** POST /subscriptions/unsubscribe: the signed token, in the query (RFC 8058 link) or in a JSON body. */
export const unsubscribeTokenSchema = safeText().trim().min(1, MSG.tokenInvalid).max(300, MSG.tokenInvalid);
