import { useQuery } from '@tanstack/react-query';
import type { Apartment, Building, ListResult } from '@consorcio/domain';
import { api } from '../lib/api';

export type BuildingOption = Pick<Building, 'id' | 'name'>;
export type ApartmentOption = Pick<Apartment, 'id' | 'number_apartment'>;

/** The caller's buildings for selects and filters (GET /api/buildings/all). */
export function useBuildingOptions() {
  return useQuery({
    queryKey: ['buildings', 'options'],
    queryFn: () => api.get<ListResult<BuildingOption>>('/buildings/all', { pageSize: 500 }),
    select: (r) => r.items.map((b) => ({ id: b.id, name: b.name })),
  });
}

/** A building's apartments for selects (GET /api/apartments/all/{buildingId}). */
export function useApartmentOptions(buildingId: number | null | undefined) {
  return useQuery({
    queryKey: ['apartments', 'options', buildingId],
    enabled: !!buildingId,
    queryFn: () => api.get<ListResult<ApartmentOption>>(`/apartments/all/${buildingId}`, { pageSize: 500 }),
    select: (r) => r.items.map((a) => ({ id: a.id, number_apartment: a.number_apartment })),
  });
}
