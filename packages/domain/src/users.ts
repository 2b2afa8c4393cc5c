import { z } from 'zod';
import { MSG } from './messages.ts';
import { emailField, emailSchema, idField, idSchema, listQuerySchema, passwordSchema } from './common.ts';
import { contactSchema, NAME_CHARS, nameSchema, personContact, personName, ROLES } from './auth.ts';
import { apartmentRefSchema } from './apartments.ts';
import { buildingRefSchema } from './buildings.ts';

/** Spanish texts of the user screens (spec/admin-panel.md §5 and §8, resident-area.md §5). */
export const USER_MSG = {
  created: 'Usuario creado exitosamente',
  updated: 'Usuario actualizado exitosamente',
  emailTaken: 'El mail ya está registrado en nuestra BBDD',
  emailTakenHint: 'Use otro email',
  editFillAll: 'Debe completar el nombre, email y numero de contacto',
  apartmentWithoutBuilding: MSG.apartmentNeedsBuilding,
  enabled: 'Habilitado',
  disabled: 'Deshabilitado',
  allowed: 'PERMITIDO',
  banned: 'BANNED',
  mustChoosePassword: 'Antes de continuar debe elegir su contraseña',
} as const;

/** Filters typed while the user writes (spec §5: letters only, digits only). */
export const NAME_TYPING = new RegExp(`^[${NAME_CHARS}]*$`, 'u');
export const DIGITS_TYPING = /^\d*$/;

/** A select's value as an id: '' or 0 means "not chosen", which is the "complete every field" case. */
const chosenId = idField(MSG.required);

/** User create (admin): every field, including building and apartment, is required. */
export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  contact: contactSchema,
  isDeleted: z.boolean().default(false),
  building: chosenId,
  apartment: chosenId,
});
export type CreateUserInput = z.output<typeof createUserSchema>;
export type CreateUserForm = z.input<typeof createUserSchema>;

/**
 * User edit e-mail: valid format; the original's 3..20 bounds are widened to EMAIL_BOUNDS (RFC 5321)
 * so real addresses fit.
 */
export const userEditEmailSchema = emailField(USER_MSG.editFillAll, MSG.badChars);

/** User edit contact: digits only (spec §5), the bounds of every contact. */
export const userEditContactSchema = personContact(USER_MSG.editFillAll, /^\d+$/);

export const userEditNameSchema = personName(USER_MSG.editFillAll);

/** User edit (admin): name, email, contact and the PERMITIDO / BANNED choice (isDeleted). */
export const updateUserSchema = z.object({
  id: idSchema.optional(),
  name: userEditNameSchema,
  email: userEditEmailSchema,
  contact: userEditContactSchema,
  isDeleted: z.boolean(),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** GET /users/getall: an apartment filter needs its building. */
export const listUsersQuerySchema = listQuerySchema
  .extend({
    buildingId: idSchema.optional(),
    apartmentId: idSchema.optional(),
  })
  .refine((q) => !(q.apartmentId && !q.buildingId), { message: USER_MSG.apartmentWithoutBuilding, path: ['apartmentId'] });
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/** A resident as the API answers it (API.md §Users); no password or hash ever leaves the server. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  isDeleted: z.boolean().describe('true: deshabilitado (BANNED)'),
  role: z.enum(ROLES),
  first_logging: z.boolean(),
  apartmentId: z.number().nullable(),
  apartment: apartmentRefSchema,
  building: buildingRefSchema,
});
export type User = z.infer<typeof userSchema>;

/** "Habilitado" / "Deshabilitado" from isDeleted. */
export function userStateLabel(isDeleted: boolean): string {
  return isDeleted ? USER_MSG.disabled : USER_MSG.enabled;
}
