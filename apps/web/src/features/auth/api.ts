import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResult, RegisterAdminInput, RegisteredAdmin } from '@consorcio/domain';
import { api } from '../../lib/api';
import { sessionKey, storeProfile } from '../../lib/session';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>('/loggings/loggingIn', input),
    onSuccess: async (res) => {
      storeProfile(res);
      // A first login goes to the reset screen: refetching now would let the landing page
      // redirect to the (locked) home first. The session is refetched when next needed.
      if (res.first_logging) await qc.invalidateQueries({ queryKey: sessionKey, refetchType: 'none' });
      else await qc.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export function useRegisterAdmin() {
  return useMutation({
    mutationFn: (input: RegisterAdminInput) => api.post<RegisteredAdmin>('/admin/', input),
  });
}
