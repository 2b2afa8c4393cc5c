import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResult, OidcSignup, RegisterAdminInput, RegisteredAdmin } from '@consorcio/domain';
import { api, retryServerErrors } from '../../lib/api';
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

/** Full-page navigations (not fetches): the server redirects the browser to the identity provider. */
export const OIDC_SIGNUP_START = '/api/admin/oidc/start';
export const OIDC_LOGIN_START = '/api/loggings/oidc/start';

/** What the provider said about the person signing up (`?oidc=<token>` on the way back); 404 once the token is spent or stale. */
export function useOidcSignup(token: string | undefined) {
  return useQuery({
    queryKey: ['oidcSignup', token],
    queryFn: () => api.get<OidcSignup>(`/admin/oidc/signup/${encodeURIComponent(token!)}`),
    enabled: !!token,
    staleTime: Infinity,
    retry: retryServerErrors,
  });
}
