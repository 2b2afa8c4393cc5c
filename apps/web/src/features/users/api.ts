import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, ListResult, UpdateUserInput, User } from '@consorcio/domain';
import { api } from '../../lib/api';

export interface UserFilters {
  buildingId?: number;
  apartmentId?: number;
  page: number;
  pageSize: number;
}

export const usersKey = ['users'] as const;

/** GET /users/getall: filtered and paged by the server. */
export function useUsers(f: UserFilters) {
  return useQuery({
    queryKey: [...usersKey, 'list', f],
    queryFn: () => api.get<ListResult<User>>('/users/getall', { ...f }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    enabled: !!id,
    queryFn: () => api.get<User>(`/users/${id}`),
  });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<User>('/users/', input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: usersKey });
      // The apartment became occupied.
      await qc.invalidateQueries({ queryKey: ['apartments'] });
    },
  });
}

export function useUpdateUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => api.put<User>(`/users/${id}`, { ...input, id }),
    onSuccess: async (user) => {
      qc.setQueryData([...usersKey, 'one', id], user);
      await qc.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
}
