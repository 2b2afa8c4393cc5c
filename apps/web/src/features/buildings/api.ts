import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { geocodeQueryReady, type Building, type GeocodeResult, type ListResult } from '@consorcio/domain';
import { api } from '../../lib/api';

export const buildingsKey = ['buildings'] as const;

export function useBuildings(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...buildingsKey, 'list', page, pageSize],
    queryFn: () => api.get<ListResult<Building>>('/buildings/all', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useBuilding(id: number) {
  return useQuery({
    queryKey: [...buildingsKey, 'one', id],
    queryFn: () => api.get<Building>('/buildings/findBuilding', { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Multipart: the fields as JSON in `body`, the optional image in `image`. */
function buildingForm(body: object, image?: File | null): FormData {
  const fd = new FormData();
  fd.append('body', JSON.stringify(body));
  if (image) fd.append('image', image, image.name);
  return fd;
}

export function useSaveBuilding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, image }: { id?: number; body: object; image?: File | null }) =>
      id
        ? api.put<Building>('/buildings', buildingForm({ ...body, id }, image))
        : api.post<Building>('/buildings', buildingForm(body, image)),
    onSuccess: () => qc.invalidateQueries({ queryKey: buildingsKey }),
  });
}

export function useDeleteBuilding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/buildings/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: buildingsKey }),
  });
}

export function useGeocode(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['geocode', query],
    queryFn: () => api.get<{ items: GeocodeResult[] }>('/geocode', { q: query }),
    enabled: geocodeQueryReady(query),
    staleTime: 5 * 60_000,
    retry: false,
    select: (r) => r.items,
  });
}
