import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Amenity, Booking, BookingList, BookingStatus, CreateAmenityInput, CreateSlotsInput, ListResult } from '@consorcio/domain';
import { api } from '../../lib/api';

export const amenitiesKey = ['amenities'] as const;
export const bookingsKey = ['bookings'] as const;

/** GET /amenities: the admin's (filter by building) or the resident's building's. */
export function useAmenities(f: { buildingId?: number; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...amenitiesKey, 'list', f],
    queryFn: () => api.get<ListResult<Amenity>>('/amenities', { ...f }),
    placeholderData: keepPreviousData,
  });
}

export function useAmenity(id: number) {
  return useQuery({ queryKey: [...amenitiesKey, 'one', id], queryFn: () => api.get<Amenity>(`/amenities/${id}`), enabled: id > 0 });
}

function useInvalidateAll() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: amenitiesKey }), qc.invalidateQueries({ queryKey: bookingsKey })]);
}

export function useCreateAmenity() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (input: CreateAmenityInput) => api.post<Amenity>('/amenities', input), onSuccess: invalidate });
}

export function useUpdateAmenity(id: number) {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (input: CreateAmenityInput) => api.put<Amenity>(`/amenities/${id}`, input), onSuccess: invalidate });
}

export function useDeleteAmenity() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (id: number) => api.delete(`/amenities/${id}`), onSuccess: invalidate });
}

/** POST /bookings: generates the slots → {created}. */
export function useCreateSlots() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (input: CreateSlotsInput) => api.post<{ created: number }>('/bookings', input), onSuccess: invalidate });
}

/** GET /bookings: slots of an amenity (optionally one day, one status), paged on the server. */
export function useSlots(
  f: { amenityId?: number; start?: string; status?: BookingStatus; page: number; pageSize: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...bookingsKey, 'list', f],
    queryFn: () => api.get<BookingList>('/bookings', { ...f }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /bookings/taked/{userId}: the resident's bookings, cancelled ones excluded. */
export function useMyBookings(userId: number | undefined) {
  return useQuery({
    queryKey: [...bookingsKey, 'mine', userId],
    queryFn: () => api.get<BookingList>(`/bookings/taked/${userId}`, { pageSize: 100 }),
    enabled: !!userId,
  });
}

export function useTakeSlot() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: { bookingId: number; userId: number }) =>
      api.put<Booking>(`/bookings/takeBooking/${input.bookingId}/${input.userId}`, {}),
    onSuccess: invalidate,
  });
}

export function useCancelSlot() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (bookingId: number) => api.put<Booking>(`/bookings/cancelBooking/${bookingId}`, {}),
    onSuccess: invalidate,
  });
}

/** Admin: one slot's status. */
export function useSetSlotStatus() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: { id: number; status: BookingStatus }) => api.put<Booking>(`/bookings/${input.id}`, { status: input.status }),
    onSuccess: invalidate,
  });
}

/** Admin: every slot of an amenity starting at `start` (the Hora grouping). */
export function useSetGroupStatus() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: { amenityId: number; start: string; status: BookingStatus; userId?: number }) =>
      api.put<{ updated: number }>('/bookings/group', input),
    onSuccess: invalidate,
  });
}
