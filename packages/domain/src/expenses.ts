import { z } from 'zod';
import { idSchema, listQuerySchema } from './common.ts';

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
  apartmentNeedsBuilding: 'No se puede elegir departamento sin selecciona edificio',
  confirmToggle: 'Vas a cambiar el estado de este pago, estás seguro?',
} as const;

/** First year offered when generating expenses; the last is the current one. */
export const FIRST_SETTLEMENT_YEAR = 2021;

export function settlementYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = FIRST_SETTLEMENT_YEAR; y <= currentYear; y++) years.push(y);
  return years;
}

export const settlementParamsSchema = z.object({
  month: z.coerce.number().int().min(0).max(11),
  year: z.coerce.number().int().min(2000).max(2100),
});
export const generateExpensesBodySchema = z.object({ buildingId: z.coerce.number().int().positive() });

export const expensesByApartmentsQuerySchema = listQuerySchema.extend({
  buildingId: idSchema.optional(),
  number_apartment: z.string().trim().max(20).optional(),
});

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
