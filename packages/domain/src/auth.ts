import { z } from 'zod';
import { MSG } from './messages.ts';
import { emailField, emailSchema, passwordSchema, safeText } from './common.ts';
import { apartmentRefSchema } from './apartments.ts';
import { buildingRefSchema } from './buildings.ts';

export const ROLES = ['admin', 'resident'] as const;
export type Role = (typeof ROLES)[number];

/** A person's name and phone (spec §5): the bounds of sign-up, user create and user edit. */
export const PERSON_BOUNDS = { name: { min: 3, max: 20 }, contact: { min: 8, max: 20 } } as const;

/** The characters of a person's name: letters (any accent), spaces, dot, apostrophe, hyphen. */
export const NAME_CHARS = String.raw`\p{L} .'-`;
export const NAME_PATTERN = new RegExp(`^[${NAME_CHARS}]+$`, 'u');
/** Phones as sign-up and user create take them: digits, plus and hyphen. */
export const CONTACT_PATTERN = /^[\d+-]+$/;

/** A person's name; `blank` is what an empty one says (the user edit form has its own). */
export const personName = (blank: string = MSG.required) =>
  safeText(blank)
    .trim()
    .min(1, blank)
    .min(PERSON_BOUNDS.name.min, MSG.tooShort)
    .max(PERSON_BOUNDS.name.max, MSG.tooLong)
    .regex(NAME_PATTERN, MSG.noSpecialChars);

/** A phone; the user edit form takes digits only (spec §5), so the pattern is a parameter. */
export const personContact = (blank: string = MSG.required, pattern: RegExp = CONTACT_PATTERN) =>
  safeText(blank)
    .trim()
    .min(1, blank)
    .min(PERSON_BOUNDS.contact.min, MSG.tooShort)
    .max(PERSON_BOUNDS.contact.max, MSG.tooLong)
    .regex(pattern, MSG.onlyNumbersAllowed);

export const nameSchema = personName();
export const contactSchema = personContact();

export const loginSchema = z.object({
  email: emailSchema,
  password: safeText().min(1, MSG.required).max(200, MSG.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerAdminSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  contact: contactSchema,
  password: passwordSchema,
  /** From the provider's callback (?oidc=): links the new account to the provider's subject. Its e-mail must be the one the provider verified. */
  oidcToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, MSG.invalidValue)
    .optional(),
});
export type RegisterAdminInput = z.infer<typeof registerAdminSchema>;

/** GET /admin/oidc/signup/{token}: what the provider said, to fill the sign-up form. */
export const oidcSignupSchema = z.object({ name: z.string(), email: z.string() });
export type OidcSignup = z.infer<typeof oidcSignupSchema>;

/** `?oidcError=` codes the callbacks send the browser back with. */
export const OIDC_ERRORS = ['cancelled', 'unverified', 'taken', 'notLinked', 'expired', 'failed', 'banned'] as const;
export type OidcError = (typeof OIDC_ERRORS)[number];

export const OIDC_MSG: Record<OidcError, string> & { continueWithGoogle: string; loginWithGoogle: string; emailMismatch: string } = {
  continueWithGoogle: 'Continuar con Google',
  loginWithGoogle: 'Ingresar con Google',
  cancelled: 'Cancelaste el ingreso con Google. Podés intentarlo de nuevo o completar el formulario a mano.',
  unverified: 'Tu cuenta de Google no tiene el e-mail verificado: no podemos usarlo. Completá el formulario a mano.',
  taken: 'Ese e-mail ya está registrado. Ingresá con tu contraseña o con Google, si la cuenta ya está vinculada.',
  notLinked:
    'Esa cuenta de Google no está vinculada a ningún usuario. Registrate como administrador con Google o ingresá con tu contraseña.',
  expired: 'El ingreso con Google venció o no es válido. Intentalo de nuevo.',
  failed: 'No pudimos completar el ingreso con Google. Intentalo de nuevo en unos minutos.',
  banned: 'Usuario deshabilitado',
  emailMismatch: 'El e-mail debe ser el de tu cuenta de Google',
};

/** POST /admin/: the new administrator. */
export const registeredAdminSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type RegisteredAdmin = z.infer<typeof registeredAdminSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(MSG.emailInvalidReset, MSG.emailInvalidReset),
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
