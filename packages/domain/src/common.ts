import { z } from 'zod';
import { MSG } from './messages.ts';

export const idSchema = z.coerce.number().int().positive();
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

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Fecha inválida');

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
