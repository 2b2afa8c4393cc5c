import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResult, RegisterAdminInput, RegisteredAdmin, SessionProfile, StoredProfile } from '@consorcio/domain';
import { api, ApiError } from '../../lib/api';

export const sessionKey = ['session'] as const;
const PROFILE_KEY = 'profile';

/** Only the non-secret profile is kept in the browser; the session itself is an HttpOnly cookie. */
export function storeProfile(p: StoredProfile): void {
  const profile: StoredProfile = { id: p.id, name: p.name, role: p.role, first_logging: p.first_logging };
  localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
}

export function clearProfile(): void {
  localStorage.removeItem(PROFILE_KEY);
}

/** The server's view of who is logged in; null when nobody is. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<SessionProfile | null> => {
      try {
        const profile = await api.get<SessionProfile>('/loggings/session');
        storeProfile(profile);
        return profile;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) {
          clearProfile();
          return null;
        }
        throw e;
      }
    },
    staleTime: 5 * 60_000,
    retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 2,
  });
}

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

/**
 * Ends the session on the server. Only then is the browser's state cleared: when the call fails
 * (offline, server error) the cookie may still be valid, so the caller says so and stays.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<void>('/loggings/logout');
      } catch (e) {
        // 401: the session had already ended (expired, banned), which is what we wanted.
        if (!(e instanceof ApiError && e.status === 401)) throw e;
      }
    },
    onSuccess: () => {
      clearProfile();
      qc.clear();
      qc.setQueryData(sessionKey, null);
    },
  });
}

export function useRegisterAdmin() {
  return useMutation({
    mutationFn: (input: RegisterAdminInput) => api.post<RegisteredAdmin>('/admin/', input),
  });
}

/** Where a logged-in user belongs. */
export function homeFor(p: Pick<SessionProfile, 'id' | 'role'>): string {
  return p.role === 'admin' ? '/' : `/public/${p.id}`;
}

/** Title of the dialog shown when the logout call fails and the session may still be open. */
export const LOGOUT_FAILED = 'No se pudo cerrar la sesión';
