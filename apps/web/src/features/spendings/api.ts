import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSpendingInput,
  ListResult,
  SettledMonth,
  Spending,
  SpendingList,
  SpendingStats,
  UpdateSpendingInput,
} from '@consorcio/domain';
import { api } from '../../lib/api';

export interface SpendingFilters {
  buildingId?: number;
  since?: string;
  upTo?: string;
  concept?: string;
  page: number;
  pageSize: number;
}

export const spendingsKey = ['spendings'] as const;

export function useSpendings(f: SpendingFilters) {
  return useQuery({
    queryKey: [...spendingsKey, 'list', f],
    queryFn: () => api.get<SpendingList>('/spendings/all', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** The spending being edited; nothing is fetched on the new-spending page (id 0). */
export function useSpending(id: number) {
  return useQuery({ queryKey: [...spendingsKey, 'one', id], queryFn: () => api.get<Spending>(`/spendings/${id}`), enabled: id > 0 });
}

export function useConcepts(buildingId?: number) {
  return useQuery({
    queryKey: [...spendingsKey, 'concepts', buildingId ?? null],
    queryFn: () => api.get<{ items: string[] }>('/spendings/concepts', { buildingId }),
    select: (r) => r.items,
  });
}

export function useSpendingStats(buildingId: number, year?: number, month?: number) {
  return useQuery({
    queryKey: [...spendingsKey, 'stats', buildingId, year ?? null, month ?? null],
    queryFn: () => api.get<SpendingStats>('/spendings/stats', { buildingId, year, month }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The building's settled months, newest first: the spendings each statement sums up. Keyed under
 * the expenses, so that settling a month refreshes it.
 */
export function useSettledMonths(buildingId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['expenses', 'settled', buildingId, page, pageSize],
    queryFn: () => api.get<ListResult<SettledMonth>>('/expenses/invoicedExpenses', { buildingId, page, pageSize }),
    enabled: !!buildingId,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateMoney() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: spendingsKey }), qc.invalidateQueries({ queryKey: ['expenses'] })]);
}

export function useCreateSpending() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (input: CreateSpendingInput) => api.post<Spending>('/spendings/add', input), onSuccess: invalidate });
}

export function useUpdateSpending() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (input: UpdateSpendingInput) => api.put<Spending>('/spendings/add', input), onSuccess: invalidate });
}

export function useDeleteSpending() {
  const invalidate = useInvalidateMoney();
  return useMutation({ mutationFn: (id: number) => api.delete(`/spendings/del/${id}`), onSuccess: invalidate });
}
