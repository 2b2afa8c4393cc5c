import { z } from 'zod';
import { idSchema } from './common.ts';
import { MONTH_KEYS } from './months.ts';

const monthKeySchema = z.enum(MONTH_KEYS);

/** Who took the money: MercadoPago Checkout Pro, the built-in sandbox, or an administrator by hand. */
export const PAYMENT_PROVIDERS = ['mercadopago', 'sandbox', 'manual'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'refunded', 'charged_back'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PROVIDER_LABEL: Record<PaymentProvider, string> = {
  mercadopago: 'MercadoPago',
  sandbox: 'Pago simulado',
  manual: 'Registrado a mano',
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pago en proceso',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  cancelled: 'Anulado',
  refunded: 'Devuelto',
  charged_back: 'Contracargo',
};

export const PAYMENT_MSG = {
  pay: 'Pagar',
  inProcess: 'Pago en proceso',
  alreadyPaid: 'Esta expensa ya está pagada',
  alreadyInProcess: 'Ya hay un pago en proceso para esta expensa: esperá a que se acredite',
  checkoutBeingCreated: 'Estamos preparando el pago de esta expensa: probá de nuevo en unos segundos',
  nothingToPay: 'Esta expensa no tiene monto a pagar',
  inProcessToggle: 'Esta expensa tiene un pago en línea en proceso: esperá a que se acredite o se rechace',
  notApproved: 'Este pago no está acreditado: no tiene comprobante',
  alreadyDecided: 'Este pago ya fue procesado',
  sandboxOnly: 'El simulador de pagos no está activo',
  providerDown: 'El proveedor de pagos no responde. Intentá de nuevo en unos minutos',
  onlinePaymentToggle: 'Esta expensa se pagó en línea: vuelve a Adeudada sola si el pago se devuelve',
  badSignature: 'Firma de la notificación inválida',
} as const;

export const recordedBySchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** A payment of an expense as the API answers it (API.md §Payments). */
export const paymentSchema = z.object({
  id: z.number(),
  expenseId: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerPaymentId: z.string().nullable().describe("the provider's payment id (null for a checkout not yet paid, or manual)"),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().describe('pesos'),
  createdAt: z.string(),
  updatedAt: z.string(),
  recordedBy: recordedBySchema.describe('manual payments: the administrator who recorded it'),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /payment/expense/{expenseId} */
export const checkoutSchema = z.object({ paymentId: z.number(), url: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** How an expense is covered, as the expense lists show it. */
export const expensePaymentSchema = z.object({
  paymentId: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  recordedBy: recordedBySchema,
  paidAt: z.string(),
});
export type ExpensePayment = z.infer<typeof expensePaymentSchema>;

/** GET /payment/{paymentId}/receipt: the comprobante of an approved payment. */
export const receiptSchema = z.object({
  paymentId: z.number(),
  number: z.string().describe('the receipt number, printed'),
  expenseId: z.number(),
  building: z.object({ id: z.number(), name: z.string(), address: z.string(), cata: z.string() }),
  apartment: z.object({ id: z.number(), number_apartment: z.string(), cata_apartment: z.string() }),
  month: monthKeySchema,
  year: z.number(),
  amount: z.number().describe('pesos'),
  paidAt: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerPaymentId: z.string().nullable(),
  payer: z.object({ id: z.number(), name: z.string() }).nullable().describe('the resident who paid online'),
  recordedBy: recordedBySchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /payment/sandbox/{paymentId}: what the sandbox checkout page shows. */
export const sandboxCheckoutSchema = z.object({
  paymentId: z.number(),
  expenseId: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  month: monthKeySchema,
  year: z.number(),
  building: z.object({ id: z.number(), name: z.string() }),
  apartment: z.object({ id: z.number(), number_apartment: z.string() }),
  returnUrl: z.string().describe('where the page sends the resident afterwards (the back_url)'),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

export const SANDBOX_DECISIONS = ['approve', 'reject'] as const;
export const sandboxDecisionParamsSchema = z.object({
  paymentId: idSchema,
  decision: z.enum(SANDBOX_DECISIONS),
});

/** The resident's page after the checkout: `?expensa=&pago=` (the back_urls). */
export function paymentReturnPath(apartmentNumber: string, buildingName: string, expenseId: number, paymentId: number): string {
  return `/public/expenses/${encodeURIComponent(apartmentNumber)}/${encodeURIComponent(buildingName || '-')}?expensa=${expenseId}&pago=${paymentId}`;
}
