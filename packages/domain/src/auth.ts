import { z } from 'zod';
import { MSG } from './messages.ts';
import { emailSchema, passwordSchema } from './common.ts';
import { apartmentRefSchema } from './apartments.ts';
import { buildingRefSchema } from './buildings.ts';

export const ROLES = ['admin', 'resident'] as const;
export type Role = (typeof ROLES)[number];

/** Person names: letters (any accent), spaces, dot, apostrophe, hyphen; 3 to 20. */
export const NAME_PATTERN = /^[\p{L} .'-]+$/u;
export const nameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .min(3, MSG.tooShort)
  .max(20, MSG.tooLong)
  .regex(NAME_PATTERN, MSG.noSpecialChars);

/** Phone: 8 to 20 of digits, plus and hyphen. */
export const contactSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .min(8, MSG.tooShort)
  .max(20, MSG.tooLong)
  .regex(/^[\d+-]+$/, MSG.onlyNumbersAllowed);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200, MSG.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerAdminSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  contact: contactSchema,
  password: passwordSchema,
});
export type RegisterAdminInput = z.infer<typeof registerAdminSchema>;

/** POST /admin/: the new administrator. */
export const registeredAdminSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type RegisteredAdmin = z.infer<typeof registeredAdminSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string({ error: MSG.emailInvalidReset }).trim().toLowerCase().max(254).email(MSG.emailInvalidReset),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/**
 * A reset token as sent by the client: any string is looked up, so a short or mangled one is
 * the same 404 as an unknown one (API.md); the bound only keeps requests small.
 */
export const resetTokenSchema = z.string({ error: MSG.tokenInvalid }).max(512, MSG.tokenInvalid);

export const tokenSchema = z.object({ token: resetTokenSchema });

export const changePasswordSchema = z.object({
  token: resetTokenSchema,
  newPass: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The reset form: new password twice. */
export const resetFormSchema = z
  .object({ newPass: passwordSchema, confirm: z.string() })
  .refine((v) => v.newPass === v.confirm, { message: MSG.passwordsDiffer, path: ['confirm'] });

/** POST /loggings/loggingIn; `resetToken` only on a first login, to go straight to choosing a password. */
export const loginResultSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  message: z.string(),
  token: z.string(),
  first_logging: z.boolean(),
  resetToken: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /loggings/session; a resident's apartment and building come too. */
export const sessionProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  message: z.string(),
  first_logging: z.boolean(),
  apartment: apartmentRefSchema.nullable().optional(),
  building: buildingRefSchema.nullable().optional(),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** What the web app may keep in localStorage under 'profile': nothing secret. */
export type StoredProfile = Pick<SessionProfile, 'id' | 'name' | 'role' | 'first_logging'>;
