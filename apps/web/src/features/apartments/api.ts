import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Apartment, CreateApartmentInput, ListResult, UpdateApartmentInput } from '@consorcio/domain';
import { api } from '../../lib/api';

export const apartmentsKey = ['apartments'] as const;

export function useApartments(buildingId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...apartmentsKey, 'list', buildingId, page, pageSize],
    queryFn: () => api.get<ListResult<Apartment>>(`/apartments/all/${buildingId}`, { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useApartment(id: number) {
  return useQuery({
    queryKey: [...apartmentsKey, 'one', id],
    queryFn: () => api.get<Apartment>(`/apartments/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useApartmentMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: apartmentsKey }) });
}

export const useCreateApartment = () => useApartmentMutation((body: CreateApartmentInput) => api.post<Apartment>('/apartments', body));
export const useUpdateApartment = () =>
  useApartmentMutation(({ id, body }: { id: number; body: UpdateApartmentInput }) => api.put<Apartment>(`/apartments/${id}`, body));
export const useDeleteApartment = () => useApartmentMutation((id: number) => api.delete(`/apartments/delete/${id}`));
