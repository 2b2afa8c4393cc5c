import { z } from 'zod';
import { idField, idSchema, isoDateSchema, listQuerySchema, listResultSchema, monthIndexSchema, safeText, yearSchema } from './common.ts';
import { MSG } from './messages.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { buildingRefSchema } from './buildings.ts';

export const SPENDING_MSG = {
  fillAll: 'Debe llenar todos los campos',
  missingData: 'Faltan agregar datos',
  negative: MSG.noNegatives,
  twoDecimals: MSG.twoDecimals,
  tooBig: 'El monto es demasiado grande',
  settledMonth: 'No se pueden cargar gastos en meses ya liquidados',
  settledMonthHelp:
    'Las expensas de ese mes ya se generaron, así que sus gastos no pueden cambiar. Elija una fecha de un mes sin liquidar.',
  deleteSettled: 'No se puede eliminar este gasto',
  deleteSettledHelp:
    'Las expensas de su mes ya se generaron con este gasto incluido: si se eliminara, lo que pagó cada departamento dejaría de coincidir con los gastos del mes.',
  added: 'Gasto Agregado!',
  edited: 'Gasto Editado!',
  deleted: 'Gasto Eliminado!',
  confirmDelete: '¿Eliminar este gasto?',
} as const;

export const SPENDING_BOUNDS = { concept: 100, supplier: 100, details: 500, maxAmount: 999_999_999.99 } as const;

/** The filter's first day (spec §9) when the user has not chosen one. */
export const SPENDINGS_SINCE_DEFAULT = '2021-01-01';

const text = (max: number) => safeText(SPENDING_MSG.fillAll).trim().min(1, SPENDING_MSG.fillAll).max(max, MSG.tooLong);

/** Amount in pesos: > 0, at most 2 decimals. Negative has its own message (shown while typing too). */
export const amountPesosSchema = z
  .number({ error: SPENDING_MSG.fillAll })
  .refine((n) => n >= 0, SPENDING_MSG.negative)
  .refine((n) => n > 0, SPENDING_MSG.fillAll)
  .refine(hasAtMostTwoDecimals, SPENDING_MSG.twoDecimals)
  .refine((n) => n <= SPENDING_BOUNDS.maxAmount, SPENDING_MSG.tooBig);

/** What the amount field accepts while typing: digits and one decimal separator; no minus sign. */
export const AMOUNT_TYPING_PATTERN = /^\d*([.,]\d{0,2})?$/;

/** "1234,5" or "1234.5" → 1234.5; blank → NaN (so the schema says "fill all"). */
export function parseAmountInput(raw: string): number {
  const s = raw.trim().replace(',', '.');
  return s === '' ? Number.NaN : Number(s);
}

const spendingFields = {
  building: idField(SPENDING_MSG.fillAll),
  date: z.string({ error: SPENDING_MSG.fillAll }).min(1, SPENDING_MSG.fillAll).pipe(isoDateSchema),
  concept: text(SPENDING_BOUNDS.concept),
  supplier: text(SPENDING_BOUNDS.supplier),
  details: text(SPENDING_BOUNDS.details),
};

/** POST /spendings/add */
export const createSpendingSchema = z.object({ ...spendingFields, amount: amountPesosSchema });
export type CreateSpendingInput = z.infer<typeof createSpendingSchema>;

/** PUT /spendings/add */
export const updateSpendingSchema = createSpendingSchema.extend({ id: idField(SPENDING_MSG.fillAll) });
export type UpdateSpendingInput = z.infer<typeof updateSpendingSchema>;

/** The web form: the same rules, with the amount typed as text. */
export const spendingFormSchema = z.object({
  ...spendingFields,
  amount: z.string().transform(parseAmountInput).pipe(amountPesosSchema),
});
export type SpendingFormValues = z.input<typeof spendingFormSchema>;

export const listSpendingsQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  since: isoDateSchema.optional(),
  upTo: isoDateSchema.optional(),
  concept: safeText().trim().max(SPENDING_BOUNDS.concept, MSG.tooLong).optional(),
});
export type ListSpendingsQuery = z.infer<typeof listSpendingsQuerySchema>;

export const spendingStatsQuerySchema = z.object({
  buildingId: idSchema,
  year: yearSchema.optional(),
  month: monthIndexSchema.optional(),
});

/** A spending as the API answers it. */
export const spendingSchema = z.object({
  id: z.number(),
  buildingId: z.number(),
  building: buildingRefSchema,
  date: z.string().describe('YYYY-MM-DD'),
  concept: z.string(),
  supplier: z.string(),
  details: z.string(),
  amount: z.number().describe('pesos'),
});
export type Spending = z.infer<typeof spendingSchema>;

/** GET /spendings/all: one page and the sum of every spending that matches the filter. */
export const spendingListSchema = listResultSchema(spendingSchema).extend({ sum: z.number() });
export type SpendingList = z.infer<typeof spendingListSchema>;

/** GET /spendings/stats */
export const spendingStatsSchema = z.object({
  year: z.number(),
  month: z.number().nullable(),
  byConcept: z.array(z.object({ concept: z.string(), total: z.number() })),
  byMonth: z.array(z.object({ month: z.number(), total: z.number() })),
});
export type SpendingStats = z.infer<typeof spendingStatsSchema>;

/**
 * A concept as the statement and the chart name it: capitalised lower case ("LIMPIEZA " → "Limpieza"),
 * accents composed (NFC), with JavaScript's locale-independent case mapping. The one definition: the
 * database only groups by the stored concept (its upper/lower depend on its locale) and
 * totalsByConcept merges those groups with this.
 */
export function normalizeConcept(concept: string): string {
  const s = concept.trim().normalize('NFC').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Amounts added up per normalised concept, largest first, ties by name (code points: the same everywhere). */
export function totalsByConcept(rows: Iterable<{ concept: string; amountCents: number }>): { concept: string; totalCents: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) {
    const c = normalizeConcept(r.concept);
    totals.set(c, (totals.get(c) ?? 0) + r.amountCents);
  }
  return [...totals]
    .map(([concept, totalCents]) => ({ concept, totalCents }))
    .sort((a, b) => b.totalCents - a.totalCents || (a.concept < b.concept ? -1 : a.concept > b.concept ? 1 : 0));
}

export const TOP_CONCEPTS = 10;
