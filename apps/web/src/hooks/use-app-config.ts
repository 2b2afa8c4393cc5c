import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@consorcio/domain';
import { api } from '../lib/api';

/** Public settings of the web app (GET /api/config): several features read them, so they live here. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<AppConfig>('/config'),
    staleTime: Infinity,
  });
}
