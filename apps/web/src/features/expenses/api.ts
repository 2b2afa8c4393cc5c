import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApartmentExpenses, Expense, ListResult, SettlementResult, SettlementStatement } from '@consorcio/domain';
import { api } from '../../lib/api';

export const expensesKey = ['expenses'] as const;

export function useExpensesByApartments(f: { buildingId?: number; number_apartment?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...expensesKey, 'byApartments', f],
    queryFn: () => api.get<ListResult<ApartmentExpenses>>('/expenses/allByApartments', { ...f }),
    placeholderData: keepPreviousData,
  });
}

export function useApartmentExpenses(apartmentId: number | undefined) {
  return useQuery({
    queryKey: [...expensesKey, 'apartment', apartmentId],
    enabled: !!apartmentId,
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
