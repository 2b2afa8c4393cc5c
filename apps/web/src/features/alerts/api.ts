import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertList, CreateAlertInput, Importance, UpdateAlertInput } from '@consorcio/domain';
import { api } from '../../lib/api';

export interface AlertFilters {
  buildingId?: number;
  importance?: Importance;
  since?: string;
  upTo?: string;
  page: number;
  pageSize: number;
}

export const alertsKey = ['alerts'] as const;

/** GET /alerts/all: newest first; a resident gets only their building's. */
export function useAlerts(f: AlertFilters, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...alertsKey, 'list', f],
    queryFn: () => api.get<AlertList>('/alerts/all', { ...f }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** The alert being edited; nothing is fetched for id 0. */
export function useAlert(id: number) {
  return useQuery({ queryKey: [...alertsKey, 'one', id], queryFn: () => api.get<Alert>(`/alerts/${id}`), enabled: id > 0 });
}

/** The calendar's alerts of a building between two dates (the weeks a month view shows). */
export function useCalendarAlerts(buildingId: number, range: { since: string; upTo: string } | null, important = true) {
  return useQuery({
    queryKey: [...alertsKey, 'calendar', buildingId, range, important],
    queryFn: () => api.get<AlertList>(`/alerts/building/${buildingId}`, { ...range!, important: String(important) }),
    enabled: buildingId > 0 && range !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAlerts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: alertsKey });
}

export function useCreateAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({ mutationFn: (input: CreateAlertInput) => api.post<Alert>('/alerts', input), onSuccess: invalidate });
}

export function useUpdateAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({ mutationFn: (input: UpdateAlertInput) => api.put<Alert>('/alerts', input), onSuccess: invalidate });
}

export function useDeleteAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({ mutationFn: (id: number) => api.delete(`/alerts/${id}`), onSuccess: invalidate });
}

/** POST /alerts/sendEmail: the alert's notices again. */
export function useResendAlert() {
  return useMutation({ mutationFn: (id: number) => api.post<{ queued: number }>('/alerts/sendEmail', { id }) });
}
