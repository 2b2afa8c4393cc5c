import { z } from 'zod';
import { idSchema, listQuerySchema, monthIndexSchema, safeText, yearSchema } from './common.ts';
import { MSG } from './messages.ts';
import { APARTMENT_BOUNDS } from './apartments.ts';
import { MONTH_KEYS } from './months.ts';
import { buildingRefSchema } from './buildings.ts';
import { expensePaymentSchema } from './payments.ts';

export const EXPENSE_STATUSES = ['Adeudada', 'Pagada'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export const EXPENSE_MSG = {
  alreadySettled: 'El mes ya tiene las expensas liquidadas!',
  checkMonth: 'Verifique el mes',
  generated: 'Expensas generadas correctamente',
  noSpendings: 'El mes no tiene gastos cargados: no hay nada para liquidar',
  noArea: 'El edificio no tiene departamentos con superficie (m2) para prorratear las expensas',
  futureMonth: 'No se pueden generar expensas de un mes que todavía no empezó',
  notSettled: 'Ese mes no tiene expensas liquidadas',
  archivedApartment: 'Archivado',
  needBuildingFilter: 'Primero debe filtrar por el edificio al que le quiere generar las expensas',
  apartmentNeedsBuilding: MSG.apartmentNeedsBuilding,
  confirmToggle: 'Vas a cambiar el estado de este pago, estás seguro?',
} as const;

/** First year offered when generating expenses; the last is the current one. */
export const FIRST_SETTLEMENT_YEAR = 2021;

export function settlementYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = FIRST_SETTLEMENT_YEAR; y <= currentYear; y++) years.push(y);
  return years;
}

export const settlementParamsSchema = z.object({ month: monthIndexSchema, year: yearSchema });
export const generateExpensesBodySchema = z.object({ buildingId: idSchema });

export const expensesByApartmentsQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  number_apartment: safeText().trim().max(APARTMENT_BOUNDS.edit.number[1], MSG.tooLong).optional(),
});

export const monthKeySchema = z.enum(MONTH_KEYS);

/** An apartment's expense (its share of one settled month) as the API answers it. */
export const expenseSchema = z.object({
  id: z.number(),
  apartmentId: z.number(),
  month: monthKeySchema,
  year: z.number(),
  amount: z.number().describe('pesos'),
  status: z.enum(EXPENSE_STATUSES),
  createdAt: z.string(),
  payment: expensePaymentSchema.nullable().describe('the approved payment that covers it (Pagada), with its receipt'),
  paymentInProcess: z.boolean().describe('the provider has a payment for it that is not settled yet'),
});
export type Expense = z.infer<typeof expenseSchema>;

/** An item of GET /expenses/allByApartments: an apartment with its expenses. */
export const apartmentExpensesSchema = z.object({
  id: z.number(),
  buildingId: z.number(),
  building: buildingRefSchema,
  cata_apartment: z.string(),
  number_apartment: z.string(),
  mt2: z.number(),
  archived: z.boolean().describe('the apartment was deleted; listed while it has expenses'),
  expenses: z.array(expenseSchema),
});
export type ApartmentExpenses = z.infer<typeof apartmentExpensesSchema>;

/** POST /expenses/add/{month}/{year}: the month just settled and each apartment's share. */
export const settlementResultSchema = z.object({
  buildingId: z.number(),
  month: monthKeySchema,
  year: z.number(),
  total: z.number(),
  items: z.array(z.object({ apartmentId: z.number(), amount: z.number() })),
});
export type SettlementResult = z.infer<typeof settlementResultSchema>;

/** An item of GET /expenses/invoicedExpenses. */
export const settledMonthSchema = z.object({ buildingId: z.number(), year: z.number(), month: monthKeySchema, total: z.number() });
export type SettledMonth = z.infer<typeof settledMonthSchema>;

/** GET /expenses/settlement/{buildingId}/{year}/{month} */
export const settlementStatementSchema = z.object({
  buildingId: z.number(),
  building: z.object({ id: z.number(), name: z.string(), address: z.string(), cata: z.string() }),
  year: z.number(),
  month: monthKeySchema,
  total: z.number().describe('pesos: the month’s spending total'),
  settledAt: z.string(),
  byConcept: z.array(z.object({ concept: z.string(), total: z.number() })).describe('normalised concept names, largest first'),
  spendings: z.array(
    z.object({ id: z.number(), date: z.string(), concept: z.string(), supplier: z.string(), details: z.string(), amount: z.number() }),
  ),
  totalMt2: z.number().describe('the settled apartments’ total area'),
  items: z
    .array(
      z.object({
        apartmentId: z.number(),
        number_apartment: z.string(),
        cata_apartment: z.string(),
        mt2: z.number().describe('the apartment’s area when the month was settled'),
        amount: z.number(),
        status: z.enum(EXPENSE_STATUSES).optional().describe('administrators only'),
        expenseId: z.number().optional().describe('administrators only'),
      }),
    )
    .describe('one per apartment settled'),
});
export type SettlementStatement = z.infer<typeof settlementStatementSchema>;

export interface ShareInput {
  id: number;
  /** Square metres, up to 2 decimals. */
  mt2: number;
}

/**
 * Prorates totalCents by each apartment's mt2 over the total mt2, in whole cents.
 * Largest remainder: everyone gets the floor of their exact share, then the cents left over go to the
 * largest fractional parts (ties: larger area, then input order), so the shares add up to the total.
 * Exact: areas are taken as integer hundredths and the arithmetic is done in BigInt.
 */
export function prorateByArea(totalCents: number, apartments: ShareInput[]): { id: number; amountCents: number }[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError('totalCents must be a non-negative integer');
  const weights = apartments.map((a) => {
    if (!(a.mt2 >= 0)) throw new RangeError('mt2 must be non-negative');
    return BigInt(Math.round(a.mt2 * 100));
  });
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) throw new RangeError('total area is zero');
  const total = BigInt(totalCents);
  const base = weights.map((w) => (total * w) / sum);
  const rest = weights.map((w, i) => total * w - base[i]! * sum);
  let left = total - base.reduce((s, b) => s + b, 0n);
  const order = apartments
    .map((_, i) => i)
    .sort((i, j) =>
      rest[j]! > rest[i]! ? 1 : rest[j]! < rest[i]! ? -1 : weights[j]! > weights[i]! ? 1 : weights[j]! < weights[i]! ? -1 : i - j,
    );
  for (const i of order) {
    if (left === 0n) break;
    base[i] = base[i]! + 1n;
    left -= 1n;
  }
  return apartments.map((a, i) => ({ id: a.id, amountCents: Number(base[i]) }));
}
