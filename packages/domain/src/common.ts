import { z } from 'zod';
import { MSG } from './messages.ts';

/** Ids are PostgreSQL `integer`s: a positive integer below 2^31 (API.md §Conventions). */
export const ID_MAX = 2 ** 31 - 1;
export const idSchema = z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).positive(MSG.invalidValue).max(ID_MAX, MSG.invalidValue);
export const idParamsSchema = z.object({ id: idSchema });

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;

/** `page` (1-based) and `pageSize` accepted by every list call. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The `{ items, total }` envelope every paged list answers with. */
export const listResultSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });
export type ListResult<T> = z.infer<ReturnType<typeof listResultSchema<z.ZodType<T>>>>;

/** Control characters other than tab, newline and carriage return (C0, DEL and C1), NUL included. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const NO_CONTROL_CHARS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

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

/** Year and month index (0..11) of an ISO date or timestamp: the one place that slices it. */
export function yearMonthOf(iso: string): { year: number; month: number } {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 };
}

/** Trimmed required text: blank is "required". */
export const requiredText = (message: string = MSG.required) => z.string({ error: message }).trim().min(1, message);

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, MSG.required)
  .max(254, MSG.tooLong)
  .email(MSG.emailInvalidLogin);

/** API.md password rule, used by sign-up, user creation and reset. */
export const passwordSchema = z
  .string({ error: MSG.required })
  .min(8, MSG.passwordRule)
  .max(60, MSG.passwordRule)
  .regex(/\d/, MSG.passwordRule)
  .regex(/[a-z]/, MSG.passwordRule)
  .regex(/[A-Z]/, MSG.passwordRule);

export const IMPORTANCE = ['alta', 'media', 'baja'] as const;
export type Importance = (typeof IMPORTANCE)[number];
