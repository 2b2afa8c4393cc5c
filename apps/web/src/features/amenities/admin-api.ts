import { useQuery } from '@tanstack/react-query';
import type { ListResult, User } from '@consorcio/domain';
import { api } from '../../lib/api';

/** The residents an administrator may book a slot for: the building's, banned ones left out. */
export function useBuildingResidents(buildingId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'byBuilding', buildingId],
    enabled: !!buildingId,
    queryFn: () => api.get<ListResult<User>>(`/users/allByBuilding/${buildingId}`, { pageSize: 500 }),
    select: (r) => r.items.filter((u) => !u.isDeleted).map((u) => ({ id: u.id, name: u.name, apartment: u.apartment?.number_apartment })),
  });
}
