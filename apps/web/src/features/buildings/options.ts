import { useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../lib/api';

export interface BuildingOption {
  id: number;
  name: string;
}
export interface ApartmentOption {
  id: number;
  number_apartment: string;
}

/** The caller's buildings for selects and filters (GET /api/buildings/all). */
export function useBuildingOptions() {
  return useQuery({
    queryKey: ['buildings', 'options'],
    queryFn: () => api.get<ListResponse<BuildingOption>>('/buildings/all', { pageSize: 500 }),
    select: (r) => r.items.map((b) => ({ id: b.id, name: b.name })),
  });
}

/** A building's apartments for selects (GET /api/apartments/all/{buildingId}). */
export function useApartmentOptions(buildingId: number | null | undefined) {
  return useQuery({
    queryKey: ['apartments', 'options', buildingId],
    enabled: !!buildingId,
    queryFn: () => api.get<ListResponse<ApartmentOption>>(`/apartments/all/${buildingId}`, { pageSize: 500 }),
    select: (r) => r.items.map((a) => ({ id: a.id, number_apartment: a.number_apartment })),
  });
}
