/** Money travels as pesos with at most 2 decimals and is stored as integer cents. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function centsToPesos(cents: number): number {
  return cents / 100;
}

export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
export function formatPesos(pesos: number): string {
  return ars.format(pesos);
}
