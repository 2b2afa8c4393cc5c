/** A route's `:paymentId` as a positive id, or undefined (then the page says "not found" without asking). */
export function parsePaymentId(v: string | undefined): number | undefined {
  return v && /^[1-9]\d{0,15}$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : undefined;
}
