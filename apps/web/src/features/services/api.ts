import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceInput, Rating, Service, ServiceList, ServiceSort } from '@consorcio/domain';
import { api } from '../../lib/api';

export const servicesKey = ['services'] as const;

export interface ServiceFilters {
  buildingId?: number;
  /** `true` Aceptado, `false` Pendiente, absent both. */
  accepted?: boolean;
  page: number;
  pageSize: number;
}

/** GET /services/all (admin): newest first, paged on the server. */
export function useServices(f: ServiceFilters) {
  return useQuery({
    queryKey: [...servicesKey, 'list', f],
    queryFn: () =>
      api.get<ServiceList>('/services/all', {
        buildingId: f.buildingId,
        accepted: f.accepted === undefined ? undefined : String(f.accepted),
        page: f.page,
        pageSize: f.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface BuildingServiceFilters {
  q?: string;
  sort: ServiceSort;
  page: number;
  pageSize: number;
}

/** GET /services/all/{buildingId}: the accepted services of the resident's building. */
export function useBuildingServices(buildingId: number, f: BuildingServiceFilters) {
  return useQuery({
    queryKey: [...servicesKey, 'building', buildingId, f],
    queryFn: () =>
      api.get<ServiceList>(`/services/all/${buildingId}`, { q: f.q || undefined, sort: f.sort, page: f.page, pageSize: f.pageSize }),
    enabled: buildingId > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /services: a resident's proposal (Pendiente) or an administrator's service (Aceptado). */
export function useCreateService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateServiceInput) => api.post<Service>('/services', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}

/** PUT /services {id} (admin): accept. */
export function useAcceptService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<Service>('/services', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/services/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}

/** Create, change or delete the caller's own rating; the cards' averages are then read again. */
export function useRateService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { serviceId: number; mine: { id: number } | null; rating: number | null }): Promise<Rating | null> => {
      if (input.rating == null) {
        if (input.mine) await api.delete(`/ratings/${input.mine.id}`);
        return null;
      }
      if (input.mine) return api.put<Rating>('/ratings', { id: input.mine.id, rating: input.rating });
      return api.post<Rating>('/ratings', { serviceId: input.serviceId, rating: input.rating });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: servicesKey }),
  });
}
