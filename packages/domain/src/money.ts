/**
 * Money travels as pesos with at most 2 decimals and is stored as integer cents.
 *
 * A JavaScript number prints as the shortest decimal that reads back as the same number, so for the
 * amounts people type (up to 15 significant digits) String(n) is exactly what was typed. Judging
 * decimals on that string is exact at any magnitude; an absolute tolerance on n * 100 is not (from
 * about 1e8 pesos the product's rounding error alone exceeds it).
 */
interface DecimalParts {
  negative: boolean;
  /** The digits of the integer part, without leading zeros (maybe ''). */
  whole: string;
  /** The digits after the point, without trailing zeros (maybe ''). */
  fraction: string;
}

function decimalParts(n: number): DecimalParts | null {
  if (!Number.isFinite(n)) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) return null;
  const exp = Number(m[4] ?? 0);
  let digits = m[2]! + (m[3] ?? '');
  // The position of the decimal point within digits, after applying the exponent.
  let point = m[2]!.length + exp;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  return {
    negative: m[1] === '-',
    whole: digits.slice(0, point).replace(/^0+/, ''),
    fraction: digits.slice(point).replace(/0+$/, ''),
  };
}

export function hasAtMostTwoDecimals(n: number): boolean {
  const d = decimalParts(n);
  return d !== null && d.fraction.length <= 2;
}

/** Exact for every amount with at most 2 decimals; anything finer is rounded to the nearest cent. */
export function pesosToCents(pesos: number): number {
  const d = decimalParts(pesos);
  if (d === null || d.fraction.length > 2) return Math.round(pesos * 100);
  const cents = Number((d.whole || '0') + d.fraction.padEnd(2, '0'));
  return d.negative && cents !== 0 ? -cents : cents;
}

/** cents / 100 is the double nearest to the decimal amount, so it prints back exactly. */
export function centsToPesos(cents: number): number {
  return cents / 100;
}

/** Adds peso amounts in exact cents (a float sum of 0.1 + 0.2 is not 0.3). */
export function sumPesos(amounts: readonly number[]): number {
  return centsToPesos(amounts.reduce((sum, a) => sum + pesosToCents(a), 0));
}

const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
export function formatPesos(pesos: number): string {
  return ars.format(pesos);
}
