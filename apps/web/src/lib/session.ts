import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionProfile, StoredProfile } from '@consorcio/domain';
import { api, isApiError, retryServerErrors } from './api';

// App-wide: the shell, the route guards and each role's home read the session, so it is no feature's.

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
export const sessionQuery = {
  queryKey: sessionKey,
  queryFn: async (): Promise<SessionProfile | null> => {
    try {
      const profile = await api.get<SessionProfile>('/loggings/session');
      storeProfile(profile);
      return profile;
    } catch (e) {
      if (isApiError(e, 'UNAUTHENTICATED')) {
        clearProfile();
        return null;
      }
      throw e;
    }
  },
  staleTime: 5 * 60_000,
  retry: retryServerErrors,
};

export function useSession() {
  return useQuery(sessionQuery);
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
        if (!isApiError(e, 'UNAUTHENTICATED')) throw e;
      }
    },
    onSuccess: () => {
      clearProfile();
      qc.clear();
      qc.setQueryData(sessionKey, null);
    },
  });
}

/** Where a logged-in user belongs. */
export function homeFor(p: Pick<SessionProfile, 'id' | 'role'>): string {
  return p.role === 'admin' ? '/' : `/public/${p.id}`;
}

/** Title of the dialog shown when the logout call fails and the session may still be open. */
export const LOGOUT_FAILED = 'No se pudo cerrar la sesión';
