import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApartmentExpenses, Checkout, Expense, ListResult, Payment, SettlementResult, SettlementStatement } from '@consorcio/domain';
import { api } from '../../lib/api';

export const expensesKey = ['expenses'] as const;

export function useExpensesByApartments(f: { buildingId?: number; number_apartment?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...expensesKey, 'byApartments', f],
    queryFn: () => api.get<ListResult<ApartmentExpenses>>('/expenses/allByApartments', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** `refetchOnFocus`: the resident comes back from the checkout tab, so the list is asked again. */
export function useApartmentExpenses(apartmentId: number | undefined, { refetchOnFocus = false } = {}) {
  return useQuery({
    queryKey: [...expensesKey, 'apartment', apartmentId],
    enabled: !!apartmentId,
    refetchOnWindowFocus: refetchOnFocus ? 'always' : false,
    queryFn: () => api.get<ListResult<Expense>>(`/expenses/${apartmentId}`, { pageSize: 500 }),
  });
}

export function useSettlement(buildingId: number, year: number, month: number) {
  return useQuery({
    queryKey: [...expensesKey, 'settlement', buildingId, year, month],
    queryFn: () => api.get<SettlementStatement>(`/expenses/settlement/${buildingId}/${year}/${month}`),
  });
}

export function useGenerateExpenses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { buildingId: number; year: number; month: number }) =>
      api.post<SettlementResult>(`/expenses/add/${v.month}/${v.year}`, { buildingId: v.buildingId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: expensesKey }),
  });
}

export function useToggleExpenseStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<Expense>(`/expenses/changeStatus/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: expensesKey }),
  });
}

/** POST /payment/expense/{id}: opens (or reuses) a checkout with the payment provider → its url. */
export function usePayExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (expenseId: number) => api.post<Checkout>(`/payment/expense/${expenseId}`),
    // A refusal (already paid, payment in process) means the list is out of date.
    onSettled: () => qc.invalidateQueries({ queryKey: expensesKey }),
  });
}

/** Payments are their own resource: invalidating the expenses must not refetch them. */
export const expensePaymentsKey = (expenseId: number) => ['payments', 'expense', expenseId] as const;

/** GET /payment/expense/{id}: the expense's payments, newest first, as our server knows them. */
export function useExpensePayments(
  expenseId: number | undefined,
  refetchInterval?: (payments: ListResult<Payment> | undefined) => number | false,
) {
  return useQuery({
    queryKey: expensePaymentsKey(expenseId ?? 0),
    enabled: !!expenseId,
    queryFn: () => api.get<ListResult<Payment>>(`/payment/expense/${expenseId}`),
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) : undefined,
  });
}
