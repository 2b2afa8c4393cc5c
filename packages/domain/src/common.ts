import { z } from 'zod';
import { MSG } from './messages.ts';

/** Ids are PostgreSQL `integer`s: a positive integer below 2^31 (API.md §Conventions). */
export const ID_MAX = 2 ** 31 - 1;
/**
 * An id (path, query or body): the one rule. `message` is what a missing or non-positive one says
 * (a form's "choose one" select sends '' or 0); any id above ID_MAX is just an invalid value.
 */
export const idField = (message: string = MSG.invalidValue) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, MSG.invalidValue);
export const idSchema = idField();
export const idParamsSchema = z.object({ id: idSchema });

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;

/** `page` (1-based) and `pageSize` accepted by every list call. */
export const listQuerySchema = z.object({
  // Bounded like an id, so the offset it makes stays an exact integer for the database.
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The `{ items, total }` envelope every paged list answers with. */
export const listResultSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
export type ListResult<T> = z.infer<ReturnType<typeof listResultSchema<z.ZodType<T>>>>;

/** Control characters other than tab, newline and carriage return (C0, DEL and C1), NUL included. */
const CONTROL_CLASS = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`;
const CONTROL_CHARS = new RegExp(`[${CONTROL_CLASS}]`);
const NO_CONTROL_CHARS = new RegExp(`^[^${CONTROL_CLASS}]*$`);

export function hasControlChars(s: string): boolean {
  return CONTROL_CHARS.test(s);
}

/**
 * Every free text the API accepts (bodies and query filters): a string without control
 * characters (tab and newlines aside). Still a ZodString, so `.trim().min().max()` chain on it.
 */
export const safeText = (message: string = MSG.required) => z.string({ error: message }).regex(NO_CONTROL_CHARS, MSG.badChars);

/** API.md: dates lie between these two, both included. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** A real calendar day `YYYY-MM-DD` between DATE_MIN and DATE_MAX. */
export const isoDateSchema = z
  .string({ error: MSG.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate, abort: true })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: MSG.invalidDate,
    abort: true,
  })
  .refine((s) => s >= DATE_MIN && s <= DATE_MAX, MSG.dateOutOfRange);

/** Years a date may have (of DATE_MIN and DATE_MAX); a settlement's or a chart's year. */
export const YEAR_MIN = yearMonthOf(DATE_MIN).year;
export const YEAR_MAX = yearMonthOf(DATE_MAX).year;
export const yearSchema = z.coerce
  .number({ error: MSG.invalidValue })
  .int(MSG.invalidValue)
  .min(YEAR_MIN, MSG.dateOutOfRange)
  .max(YEAR_MAX, MSG.dateOutOfRange);
/** A month index in a path or a query: 0 (January) to 11. */
export const monthIndexSchema = z.coerce
  .number({ error: MSG.invalidValue })
  .int(MSG.invalidValue)
  .min(0, MSG.invalidValue)
  .max(11, MSG.invalidValue);

/** Year and month index (0..11) of an ISO date or timestamp: the one place that slices it. */
export function yearMonthOf(iso: string): { year: number; month: number } {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 };
}

/** E-mail bounds (RFC 5321 allows 254); spec §5's edit form says "Es muy corto" under 3. */
export const EMAIL_BOUNDS = { min: 3, max: 254 } as const;

/**
 * An e-mail as every form and call takes it: trimmed, lower-cased, within EMAIL_BOUNDS.
 * `blank` is what an empty one says, `invalid` what a malformed one says.
 */
export const emailField = (blank: string, invalid: string) =>
  safeText(blank).trim().toLowerCase().min(1, blank).min(EMAIL_BOUNDS.min, MSG.tooShort).max(EMAIL_BOUNDS.max, MSG.tooLong).email(invalid);

export const emailSchema = emailField(MSG.required, MSG.emailInvalidLogin);

/** API.md password rule, used by sign-up, user creation and reset. */
export const passwordSchema = safeText()
  .min(8, MSG.passwordRule)
  .max(60, MSG.passwordRule)
  .regex(/\d/, MSG.passwordRule)
  .regex(/[a-z]/, MSG.passwordRule)
  .regex(/[A-Z]/, MSG.passwordRule);

export const IMPORTANCE = ['alta', 'media', 'baja'] as const;
export type Importance = (typeof IMPORTANCE)[number];
