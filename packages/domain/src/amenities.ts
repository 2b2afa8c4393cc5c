import { z } from 'zod';
import { idField, idSchema, isoDateSchema, listQuerySchema, listResultSchema, safeText } from './common.ts';
import { MSG } from './messages.ts';
import { buildingRefSchema } from './buildings.ts';

/** spec/resident-area.md §5, §8 and API.md §Amenities and bookings. */
export const AMENITY_MSG = {
  fillAll: 'Debe llenar todos los campos',
  onlyDigits: MSG.onlyDigitsTyping,
  onlyLetters: MSG.onlyLetters,
  created: 'Amenity creado exitosamente',
  updated: 'Amenity actualizado exitosamente',
  deleted: 'Se ha eliminado el amenity!',
  confirmDelete: '¿Eliminar este amenity?',
  confirmDeleteHelp:
    'Sus turnos dejan de ofrecerse. Las reservas por venir se cancelan y cada vecino recibe un aviso por correo; las pasadas quedan en el historial.',
  slotsCreated: (n: number) => (n === 1 ? 'Se creó 1 turno' : `Se crearon ${n} turnos`),
  slotsOverlap: 'Ya hay turnos del amenity en ese horario: elija otro rango de fechas u horarios',
  slotsNone: 'Con esos horarios no entra ningún turno: revise el inicio, el fin y la duración',
  slotsRange: 'La fecha de fin no puede ser anterior a la de inicio',
  slotsTooMany: 'Son demasiados turnos de una vez: genere como máximo un año',
  taken: 'El turno ya fue reservado',
  onePerWindow: 'Ya tiene una reserva de este amenity en ese horario',
  past: 'El turno ya pasó',
  booked: 'Turno reservado',
  cancelled: 'El turno se ha cancelado',
  freed: 'Turno liberado',
  chooseResident: 'Elija el residente para reservar el turno',
  rulesNotice: 'Las instalaciones se usan bajo la responsabilidad de quien reserva. Un turno reservado y no utilizado será multado.',
} as const;

export const AMENITY_BOUNDS = { type: { min: 3, max: 20 }, detail: 200, quantityMax: 1000, capacityMax: 100 } as const;

/** Booking rules (API.md): each optional; enforced when a resident books. */
export const amenityRulesSchema = z.object({
  maxPerWeek: z.number().int().min(1).max(100).nullable().default(null),
  maxPerMonth: z.number().int().min(1).max(1000).nullable().default(null),
  advanceDays: z.number().int().min(0).max(365).nullable().default(null),
  minNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .nullable()
    .default(null),
  cancelHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .nullable()
    .default(null),
  blockDebtors: z.boolean().default(false),
});
export type AmenityRules = z.infer<typeof amenityRulesSchema>;
export const NO_RULES: AmenityRules = {
  maxPerWeek: null,
  maxPerMonth: null,
  advanceDays: null,
  minNoticeHours: null,
  cancelHours: null,
  blockDebtors: false,
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Each rule in plain Spanish, for the forms and the resident's bookings screen. */
export function rulesInWords(r: AmenityRules): string[] {
  const out: string[] = [];
  if (r.maxPerWeek !== null) out.push(`Hasta ${plural(r.maxPerWeek, 'reserva', 'reservas')} por semana por departamento.`);
  if (r.maxPerMonth !== null) out.push(`Hasta ${plural(r.maxPerMonth, 'reserva', 'reservas')} por mes por departamento.`);
  if (r.advanceDays !== null) out.push(`Se reserva con hasta ${plural(r.advanceDays, 'día', 'días')} de anticipación.`);
  if (r.minNoticeHours !== null && r.minNoticeHours > 0)
    out.push(`Hay que reservar al menos ${plural(r.minNoticeHours, 'hora', 'horas')} antes del turno.`);
  if (r.cancelHours !== null && r.cancelHours > 0)
    out.push(`Se puede cancelar hasta ${plural(r.cancelHours, 'hora', 'horas')} antes del turno.`);
  if (r.blockDebtors) out.push('Los departamentos con expensas adeudadas de meses anteriores no pueden reservar.');
  return out;
}

/** Refusal messages that name the rule (409). */
export const RULE_MSG = {
  maxPerWeek: (n: number, amenity: string) => `Ya alcanzaste el máximo de ${plural(n, 'reserva', 'reservas')} por semana para ${amenity}`,
  maxPerMonth: (n: number, amenity: string) => `Ya alcanzaste el máximo de ${plural(n, 'reserva', 'reservas')} por mes para ${amenity}`,
  advanceDays: (n: number, amenity: string) => `${amenity} se reserva con hasta ${plural(n, 'día', 'días')} de anticipación`,
  minNoticeHours: (n: number, amenity: string) => `${amenity} se reserva con al menos ${plural(n, 'hora', 'horas')} de anticipación`,
  cancelHours: (n: number, amenity: string) => `Las reservas de ${amenity} se cancelan hasta ${plural(n, 'hora', 'horas')} antes del turno`,
  blockDebtors: (amenity: string) => `Su departamento tiene expensas adeudadas: no puede reservar ${amenity} hasta regularizarlas`,
} as const;

const digits = (blank: string) =>
  z.union([z.number(), z.string()], { error: blank }).transform((v, ctx) => {
    const s = String(v).trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: blank });
      return z.NEVER;
    }
    if (!/^\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: AMENITY_MSG.onlyDigits });
      return z.NEVER;
    }
    return Number(s);
  });

const amenityFields = {
  amenity_type: safeText(AMENITY_MSG.fillAll)
    .trim()
    .min(1, AMENITY_MSG.fillAll)
    .regex(/^[\p{L} ]*$/u, AMENITY_MSG.onlyLetters)
    .min(AMENITY_BOUNDS.type.min, MSG.tooShort)
    .max(AMENITY_BOUNDS.type.max, MSG.tooLong),
  quantity: digits(AMENITY_MSG.fillAll).pipe(z.number().int().min(1, AMENITY_MSG.fillAll).max(AMENITY_BOUNDS.quantityMax, MSG.tooLong)),
  capacity: digits(AMENITY_MSG.fillAll).pipe(z.number().int().min(1, AMENITY_MSG.fillAll).max(AMENITY_BOUNDS.capacityMax, MSG.tooLong)),
  amenity_detail: safeText().trim().max(AMENITY_BOUNDS.detail, MSG.tooLong).default(''),
  building: idField(AMENITY_MSG.fillAll),
  rules: amenityRulesSchema.default(NO_RULES),
};

/** POST /amenities and PUT /amenities/{id} */
export const createAmenitySchema = z.object(amenityFields);
export type CreateAmenityInput = z.input<typeof createAmenitySchema>;
export const updateAmenitySchema = createAmenitySchema;

export const listAmenitiesQuerySchema = listQuerySchema.extend({ buildingId: idSchema.optional() });

export const amenitySchema = z.object({
  id: z.number(),
  amenity_type: z.string(),
  quantity: z.number(),
  capacity: z.number(),
  amenity_detail: z.string(),
  buildingId: z.number(),
  building: buildingRefSchema,
  rules: amenityRulesSchema,
  /** Free slots from now on ("Turnos disponibles" in the list). */
  freeSlots: z.number(),
});
export type Amenity = z.infer<typeof amenitySchema>;
export const amenityListSchema = listResultSchema(amenitySchema);

// ---- Slots (bookings) ----

export const BOOKING_STATUSES = ['free', 'booked', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABEL: Record<BookingStatus, string> = { free: 'Libre', booked: 'Reservado', cancelled: 'Cancelado' };
export const SLOT_DEFAULTS = { timeStart: '07:30', timeEnd: '21:30', duration: '08:00', stepSeconds: 300 } as const;
/** At most this many days in one generation (a year of half-hour windows is tens of thousands of rows). */
export const SLOT_MAX_DAYS = 366;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida (HH:MM)');
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** POST /bookings: the slot-generation dialog. */
export const createSlotsSchema = z
  .object({
    idAmenity: idField(AMENITY_MSG.fillAll),
    dateStart: isoDateSchema,
    dateEnd: isoDateSchema,
    timeStart: hhmm.default(SLOT_DEFAULTS.timeStart),
    timeEnd: hhmm.default(SLOT_DEFAULTS.timeEnd),
    duration: hhmm.default(SLOT_DEFAULTS.duration).refine((d) => minutesOf(d) >= 5, 'La duración mínima es de 5 minutos'),
  })
  .refine((v) => v.dateEnd >= v.dateStart, { message: AMENITY_MSG.slotsRange, path: ['dateEnd'] })
  .refine((v) => daysBetween(v.dateStart, v.dateEnd) + 1 <= SLOT_MAX_DAYS, { message: AMENITY_MSG.slotsTooMany, path: ['dateEnd'] });
export type CreateSlotsInput = z.input<typeof createSlotsSchema>;

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** How many windows one day holds, and how many slots a generation makes (the dialog says it before confirming). */
export function slotCount(
  input: { dateStart: string; dateEnd: string; timeStart: string; timeEnd: string; duration: string },
  capacity: number,
) {
  const len = minutesOf(input.duration);
  const span = minutesOf(input.timeEnd) - minutesOf(input.timeStart);
  const perDay = len > 0 && span >= len ? Math.floor(span / len) : 0;
  const days = input.dateEnd >= input.dateStart ? daysBetween(input.dateStart, input.dateEnd) + 1 : 0;
  return { perDay, days, total: perDay * days * Math.max(0, capacity) };
}

export const slotsQuerySchema = listQuerySchema.extend({
  amenityId: idSchema.optional(),
  /** A day (YYYY-MM-DD): the slots starting that day. */
  start: isoDateSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
});

/** PUT /bookings/{id} (admin); with status booked, `userId` is the resident booked for. */
export const setSlotStatusSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: MSG.invalidValue }),
  userId: idField().optional(),
});
export const setGroupStatusSchema = z.object({
  amenityId: idField(),
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MSG.invalidValue),
  status: z.enum(BOOKING_STATUSES, { error: MSG.invalidValue }),
  /** With status booked: the resident the administrator books for. */
  userId: idField().optional(),
});

export const bookingSchema = z.object({
  id: z.number(),
  amenityId: z.number(),
  start: z.string().describe('YYYY-MM-DDTHH:mm, Argentina'),
  finish: z.string().describe('YYYY-MM-DDTHH:mm, Argentina'),
  status: z.enum(BOOKING_STATUSES),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** In a resident's bookings (GET /bookings/taked): the amenity's name, also once it is archived (deleted). */
  amenity: z.object({ id: z.number(), amenity_type: z.string(), archived: z.boolean() }).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingListSchema = listResultSchema(bookingSchema);
export type BookingList = z.infer<typeof bookingListSchema>;
