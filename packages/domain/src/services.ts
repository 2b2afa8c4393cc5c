import { z } from 'zod';
import { emailField, idField, idSchema, listQuerySchema, listResultSchema, safeText } from './common.ts';
import { MSG } from './messages.ts';
import { buildingRefSchema } from './buildings.ts';

/** spec/resident-area.md §5 and §8, API.md §Useful services and ratings. */
export const SERVICE_MSG = {
  fill: 'Debe completar el título, el proveedor, el contacto y el edificio',
  contact: 'El campo ingresado en contacto debe ser un número o un email',
  proposed: '¡Gracias! Recibimos su propuesta. La administración la revisará y, cuando la acepte, la verán todos los vecinos.',
  created: 'Servicio publicado',
  notCreated: 'No se pudo guardar el servicio',
  accepted: 'Servicio aceptado',
  deleted: 'Servicio eliminado',
  confirmAccept: '¿Aceptar este servicio? Lo verán todos los vecinos del edificio.',
  confirmDelete: '¿Eliminar este servicio? También se borran sus calificaciones.',
  none: 'No hay servicios para mostrar',
  noneFound: 'Ningún servicio coincide con la búsqueda',
  dailyLimit: 'Ya propuso 10 servicios hoy. Podrá proponer otro mañana.',
  rated: 'Calificación guardada',
  rateChanged: 'Calificación modificada',
  rateDeleted: 'Calificación eliminada',
  alreadyRated: 'Ya calificó este servicio',
  rateRange: 'La calificación va de 1 a 5 estrellas',
} as const;

export const SERVICE_BOUNDS = { title: 100, provider: 100, enrollment: 30, contact: 254, detail: 1000, q: 100 } as const;
/** A resident proposes at most this many services a day (Argentine calendar day). */
export const SERVICES_PER_DAY = 10;
/** Resident service cards per page (spec §9). */
export const SERVICE_CARDS_PER_PAGE = 4;

export const SERVICE_SORTS = ['az', 'stars'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
export const SERVICE_SORT_LABEL: Record<ServiceSort, string> = { az: 'A-Z', stars: 'Estrellas' };

export const SERVICE_STATES = ['pending', 'accepted'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
export const SERVICE_STATE_LABEL: Record<ServiceState, string> = { pending: 'Pendiente', accepted: 'Aceptado' };
export const serviceState = (accepted: boolean): ServiceState => (accepted ? 'accepted' : 'pending');

/**
 * A phone number as people type it: digits with spaces, dashes, dots, parentheses and a leading +,
 * 6 to 20 digits in all.
 */
const PHONE = /^\+?[\d\s().-]+$/;
const phoneDigits = (s: string) => s.replace(/\D/g, '').length;
export const isPhoneNumber = (s: string) => PHONE.test(s) && phoneDigits(s) >= 6 && phoneDigits(s) <= 20;
const emailOnly = emailField(SERVICE_MSG.contact, SERVICE_MSG.contact);
export const isContact = (s: string) => isPhoneNumber(s) || emailOnly.safeParse(s).success;

/**
 * Accent- and case-folding for the service search: the same table runs in SQL (`translate`, on both
 * engines, with no extension) and here, so a test can hold them to each other.
 */
export const FOLD_FROM = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const FOLD_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
const FOLD_MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));
/** What the search compares: accents off, lower case (`translate(lower(x), FOLD_FROM, FOLD_TO)`). */
export const foldForSearch = (s: string) => [...s.toLowerCase()].map((c) => FOLD_MAP.get(c) ?? c).join('');

const fields = {
  title: safeText(SERVICE_MSG.fill).trim().min(1, SERVICE_MSG.fill).max(SERVICE_BOUNDS.title, MSG.tooLong),
  provider: safeText(SERVICE_MSG.fill).trim().min(1, SERVICE_MSG.fill).max(SERVICE_BOUNDS.provider, MSG.tooLong),
  enrollment: safeText().trim().max(SERVICE_BOUNDS.enrollment, MSG.tooLong).regex(/^\d*$/, MSG.onlyDigits).optional().default(''),
  contact: safeText(SERVICE_MSG.fill)
    .trim()
    .min(1, SERVICE_MSG.fill)
    .max(SERVICE_BOUNDS.contact, MSG.tooLong)
    .refine(isContact, SERVICE_MSG.contact),
  detail: safeText().trim().max(SERVICE_BOUNDS.detail, MSG.tooLong).optional().default(''),
  buildingId: idField(SERVICE_MSG.fill),
};

/**
 * POST /services. A resident may only name their own building (another → 404) and their proposal
 * starts Pendiente; an administrator's starts Aceptado.
 */
export const createServiceSchema = z.object(fields);
export type CreateServiceInput = z.infer<typeof createServiceSchema>;
export type ServiceFormValues = z.input<typeof createServiceSchema>;

/** PUT /services (admin): accept. */
export const acceptServiceSchema = z.object({ id: idSchema });

/** GET /services/all (admin): newest first. */
export const listServicesQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  accepted: z
    .enum(['true', 'false'], { error: MSG.invalidValue })
    .transform((v) => v === 'true')
    .optional(),
});
export type ListServicesQuery = z.infer<typeof listServicesQuerySchema>;

/** GET /services/all/{buildingId}: accepted only; `q` a part of the title, any case or accents. */
export const listBuildingServicesQuerySchema = listQuerySchema.extend({
  q: safeText().trim().max(SERVICE_BOUNDS.q, MSG.tooLong).optional(),
  sort: z.enum(SERVICE_SORTS, { error: MSG.invalidValue }).default('az'),
});
export type ListBuildingServicesQuery = z.infer<typeof listBuildingServicesQuerySchema>;

export const serviceSchema = z.object({
  id: z.number(),
  title: z.string(),
  provider: z.string(),
  enrollment: z.string().describe('digits, or empty'),
  contact: z.string().describe('a phone number or an e-mail'),
  detail: z.string(),
  buildingId: z.number(),
  building: buildingRefSchema,
  accepted: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
  ratingAverage: z.number().nullable().describe('the average of its ratings to one decimal; null with none'),
  ratingCount: z.number(),
  myRating: z.object({ id: z.number(), rating: z.number() }).nullable().describe("the caller's own rating, to change or delete it"),
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceListSchema = listResultSchema(serviceSchema);
export type ServiceList = z.infer<typeof serviceListSchema>;

// ---- Ratings ----

export const RATING_MIN = 1;
export const RATING_MAX = 5;
const ratingValue = z
  .number({ error: SERVICE_MSG.rateRange })
  .int(SERVICE_MSG.rateRange)
  .min(RATING_MIN, SERVICE_MSG.rateRange)
  .max(RATING_MAX, SERVICE_MSG.rateRange);

/** POST /ratings: for the caller (a resident of the service's building); a second one → 409. */
export const createRatingSchema = z.object({ rating: ratingValue, serviceId: idSchema });
/** PUT /ratings: one's own only (another's → 404). */
export const updateRatingSchema = z.object({ id: idSchema, rating: ratingValue });

export const ratingSchema = z.object({
  id: z.number(),
  rating: z.number(),
  serviceId: z.number(),
  userId: z.number(),
  createdAt: z.string().describe('ISO 8601'),
});
export type Rating = z.infer<typeof ratingSchema>;

/** The stars a card shows: the average rounded to a whole star (spec §9). */
export const roundedStars = (average: number | null) => (average == null ? 0 : Math.round(average));
