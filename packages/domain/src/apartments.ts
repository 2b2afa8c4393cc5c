import { z } from 'zod';
import { MSG } from './messages.ts';
import { idField, safeText } from './common.ts';
import { hasAtMostTwoDecimals } from './money.ts';

/** Spanish texts of the apartment screens (spec/admin-panel.md §5 and §8). */
export const APARTMENT_MSG = {
  fillAll: 'DEBE COMPLETAR TODOS LOS CAMPOS CORRECTAMENTE',
  mt2Chars: 'Solo se permiten numeros, comas y puntos',
  mt2Negative: MSG.noNegatives,
  mt2Decimals: MSG.twoDecimals,
  mt2TooBig: 'La superficie es demasiado grande',
  numberChars: 'Solo se permiten mayusculas y numeros',
  createFailed: 'No se cargó el dpto',
  createFailedHint: 'Verifique que el número de departamento no esté ya creado en este edificio',
  editFailed: 'Error al modificar el dpto',
  editFailedHint: 'Para cambiar el número, el departamento debe estar desocupado',
  deleteFailed: 'No se puede eliminar el dpto',
  deleteFailedHint: 'Viven residentes en este departamento: primero deben darse de baja o mudarse',
  created: 'Departamento creado exitosamente',
  saved: 'Departamento modificado exitosamente!',
  deleted: 'Departamento Eliminado Exitosamente',
  confirmDelete: '¿Está seguro de eliminar este departamento?',
  occupied: 'Activo',
  vacant: 'Desocupado',
} as const;

export const APARTMENT_STATES = [0, 1] as const;
export type ApartmentState = (typeof APARTMENT_STATES)[number];

/** The bounds of spec §5: the create and edit forms differ; the server accepts the union of both. */
export const APARTMENT_BOUNDS = {
  create: { cata: [3, 20], mt2: [2, 10], number: [1, 5] },
  edit: { cata: [2, 20], mt2: [3, 20], number: [1, 20] },
} as const;

/**
 * Letters, digits, space, comma, period, apostrophe, hyphen. Spec §5 leaves the space out of
 * the edit rule; we keep it there too, or an apartment created as "UF 101" could never be saved again.
 */
const CATA_CHARS = /^[\p{L}\d ,.'-]+$/u;
export const MT2_CHARS = /^[\d ,.']+$/;
const NUMBER_CHARS = /^[A-Z\d-]+$/;

/**
 * Square metres as people type them in Argentina: "62,5", "1.250,75", "48". Spaces and
 * apostrophes group thousands; with a comma, periods group thousands too. NaN when unreadable.
 */
export function parseMt2(text: string): number {
  let s = text.replace(/[ ']/g, '');
  if (s.includes(',')) {
    if ((s.match(/,/g) ?? []).length > 1) return NaN;
    s = s.replace(/\./g, '').replace(',', '.');
  } else if ((s.match(/\./g) ?? []).length > 1) return NaN;
  if (!/^\d+(\.\d+)?$/.test(s)) return NaN;
  return Number(s);
}

/** How the edit form shows a stored area: two decimals with a comma, as typed in es-AR. */
export function formatMt2(mt2: number): string {
  return mt2.toFixed(2).replace('.', ',');
}

/** The largest area the database keeps (numeric(12,2)). */
export const MT2_MAX = 9_999_999_999.99;

/** What is wrong with an area already read as a number, or null: one rule for the forms and the server. */
export function mt2Problem(n: number): string | null {
  if (!Number.isFinite(n)) return APARTMENT_MSG.mt2Chars;
  if (n < 0) return APARTMENT_MSG.mt2Negative;
  if (!hasAtMostTwoDecimals(n)) return APARTMENT_MSG.mt2Decimals;
  if (n > MT2_MAX) return APARTMENT_MSG.mt2TooBig;
  return null;
}

const bounded = (min: number, max: number, re: RegExp, charsMessage: string) =>
  safeText().trim().min(1, MSG.required).min(min, MSG.tooShort).max(max, MSG.tooLong).regex(re, charsMessage);

const mt2Text = (min: number, max: number) =>
  bounded(min, max, MT2_CHARS, APARTMENT_MSG.mt2Chars).superRefine((s, ctx) => {
    const problem = mt2Problem(parseMt2(s));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** 1 occupied, 0 vacant: the numbers in JSON, or the radio values '1' / '0' of the forms; nothing else. */
const state = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: MSG.required })
  .transform((v) => Number(v) as ApartmentState);

/** The create form (text fields, as typed). */
export const apartmentCreateFormSchema = z.object({
  building: idField(MSG.required),
  cata_apartment: bounded(...APARTMENT_BOUNDS.create.cata, CATA_CHARS, MSG.badChars),
  mt2: mt2Text(...APARTMENT_BOUNDS.create.mt2),
  number_apartment: bounded(...APARTMENT_BOUNDS.create.number, NUMBER_CHARS, APARTMENT_MSG.numberChars),
  state,
});
export type ApartmentCreateFormInput = z.input<typeof apartmentCreateFormSchema>;

/** The edit form (text fields, as typed). */
export const apartmentEditFormSchema = z.object({
  cata_apartment: bounded(...APARTMENT_BOUNDS.edit.cata, CATA_CHARS, MSG.badChars),
  mt2: mt2Text(...APARTMENT_BOUNDS.edit.mt2),
  number_apartment: bounded(...APARTMENT_BOUNDS.edit.number, NUMBER_CHARS, APARTMENT_MSG.numberChars),
  state,
});
export type ApartmentEditFormInput = z.input<typeof apartmentEditFormSchema>;

/** mt2 in JSON: a number >= 0 with at most 2 decimals, or text as the forms accept it. */
const mt2Json = z.union([z.number(), safeText()], { error: MSG.required }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : MT2_CHARS.test(v.trim()) ? parseMt2(v.trim()) : NaN;
  const problem = mt2Problem(n);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return n;
});

// The server accepts whatever either form accepts: the looser lengths of edit, the space of create.
const serverFields = {
  cata_apartment: bounded(APARTMENT_BOUNDS.edit.cata[0], APARTMENT_BOUNDS.edit.cata[1], CATA_CHARS, MSG.badChars),
  mt2: mt2Json,
  number_apartment: bounded(...APARTMENT_BOUNDS.edit.number, NUMBER_CHARS, APARTMENT_MSG.numberChars),
  state,
};

/** POST /api/apartments */
export const createApartmentSchema = z.object({
  building: idField(MSG.required),
  ...serverFields,
});
export type CreateApartmentInput = z.input<typeof createApartmentSchema>;

/** PUT /api/apartments/{id} */
export const updateApartmentSchema = z.object(serverFields);
export type UpdateApartmentInput = z.input<typeof updateApartmentSchema>;

/** An apartment as the API answers it. */
export const apartmentSchema = z.object({
  id: z.number(),
  buildingId: z.number(),
  cata_apartment: z.string(),
  number_apartment: z.string(),
  mt2: z.number(),
  state: z.union([z.literal(0), z.literal(1)]).describe('1 ocupado, 0 desocupado'),
});
export type Apartment = z.infer<typeof apartmentSchema>;

/** How a resident's answers (user, session) name their apartment. */
export const apartmentRefSchema = z.object({ id: z.number(), number_apartment: z.string(), buildingId: z.number() });

export const apartmentStateLabel = (s: number) => (s === 1 ? APARTMENT_MSG.occupied : APARTMENT_MSG.vacant);
