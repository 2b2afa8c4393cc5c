import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionKind } from '@consorcio/domain';
import { api, isApiError } from '../../lib/api';

export const subscriptionsKey = ['subscriptions'] as const;

/** The user's subscription, or null when there is none (the API answers 404). */
export function useMySubscription(userId: number | undefined) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'mine', userId],
    enabled: !!userId,
    queryFn: async () => {
      try {
        return await api.get<Subscription>(`/subscriptions/${userId}`);
      } catch (e) {
        if (isApiError(e, 'NOT_FOUND')) return null;
        throw e;
      }
    },
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: subscriptionsKey });
}

export function useSubscribe() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (alerts: SubscriptionKind) => api.post<Subscription>('/subscriptions', { alerts }),
    onSuccess: invalidate,
  });
}

export function useChangeSubscription() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; alerts: SubscriptionKind }) => api.put<Subscription>('/subscriptions', input),
    onSuccess: invalidate,
  });
}

export function useUnsubscribe() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.delete(`/subscriptions/${id}`), onSuccess: invalidate });
}

/** The private calendar-feed link (created on first call). */
export function useFeedUrl() {
  return useQuery({ queryKey: [...subscriptionsKey, 'feed'], queryFn: () => api.get<{ url: string }>('/subscriptions/feed') });
}

export function useRotateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/subscriptions/feed', {}),
    onSuccess: (data) => qc.setQueryData([...subscriptionsKey, 'feed'], data),
  });
}

/** One-click unsubscribe from an e-mail's link: no session. */
export function useUnsubscribeByToken() {
  return useMutation({ mutationFn: (token: string) => api.post<{ unsubscribed: true }>('/subscriptions/unsubscribe', { token }) });
}
