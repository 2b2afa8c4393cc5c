import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpenseStatus, MonthKey } from '@consorcio/domain';
import { api, type ListResponse } from '../../lib/api';

export interface Expense {
  id: number;
  apartmentId: number;
  month: MonthKey;
  year: number;
  amount: number;
  status: ExpenseStatus;
  createdAt: string;
}

export interface ApartmentExpenses {
  id: number;
  buildingId: number;
  building: { id: number; name: string };
  cata_apartment: string;
  number_apartment: string;
  mt2: number;
  /** Deleted, still listed while it has expenses. */
  archived: boolean;
  expenses: Expense[];
}

export interface SettlementResult {
  buildingId: number;
  month: MonthKey;
  year: number;
  total: number;
  items: { apartmentId: number; amount: number }[];
}

export interface SettlementStatement {
  buildingId: number;
  building: { id: number; name: string; address: string; cata: string };
  year: number;
  month: MonthKey;
  total: number;
  settledAt: string;
  totalMt2: number;
  byConcept: { concept: string; total: number }[];
  spendings: { id: number; date: string; concept: string; supplier: string; details: string; amount: number }[];
  items: {
    apartmentId: number;
    number_apartment: string;
    cata_apartment: string;
    mt2: number;
    amount: number;
    status?: ExpenseStatus;
  }[];
}

export const expensesKey = ['expenses'] as const;

export function useExpensesByApartments(f: { buildingId?: number; number_apartment?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...expensesKey, 'byApartments', f],
    queryFn: () => api.get<ListResponse<ApartmentExpenses>>('/expenses/allByApartments', { ...f }),
    placeholderData: keepPreviousData,
  });
}

export function useApartmentExpenses(apartmentId: number | undefined) {
  return useQuery({
    queryKey: [...expensesKey, 'apartment', apartmentId],
    enabled: !!apartmentId,
    queryFn: () => api.get<ListResponse<Expense>>(`/expenses/${apartmentId}`, { pageSize: 500 }),
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
