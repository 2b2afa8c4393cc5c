import { useMutation, useQuery } from '@tanstack/react-query';
import type { Receipt, SANDBOX_DECISIONS, SandboxCheckout } from '@consorcio/domain';
import { api } from '../../lib/api';

// Paying and a payment's history live with the expenses screens (features/expenses/api.ts):
// features do not import each other, and those hooks serve only those screens.

export const paymentsKey = ['payments'] as const;

/** GET /payment/{id}/receipt: the comprobante of an approved payment. */
export function useReceipt(paymentId: number) {
  return useQuery({
    queryKey: [...paymentsKey, 'receipt', paymentId],
    queryFn: () => api.get<Receipt>(`/payment/${paymentId}/receipt`),
  });
}

/** GET /payment/sandbox/{id}: what the built-in sandbox checkout shows. */
export function useSandboxCheckout(paymentId: number) {
  return useQuery({
    queryKey: [...paymentsKey, 'sandbox', paymentId],
    queryFn: () => api.get<SandboxCheckout>(`/payment/sandbox/${paymentId}`),
  });
}

export type SandboxDecision = (typeof SANDBOX_DECISIONS)[number];

/**
 * POST /payment/sandbox/{id}/approve|reject: the sandbox takes (or refuses) the payment. The page
 * leaves for `returnUrl` right after, so the cached checkout is not updated.
 */
export function useSandboxDecision(paymentId: number) {
  return useMutation({
    mutationFn: (decision: SandboxDecision) => api.post<SandboxCheckout>(`/payment/sandbox/${paymentId}/${decision}`),
  });
}
