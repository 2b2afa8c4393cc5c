import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Complaint,
  ComplaintList,
  ComplaintState,
  CreateComplaintInput,
  Importance,
  Reply,
  UnseenComplaints,
} from '@consorcio/domain';
import { api } from '../../lib/api';

export const complaintsKey = ['complaints'] as const;

export interface ComplaintFilters {
  buildingId?: number;
  importance?: Importance;
  state?: ComplaintState;
  page: number;
  pageSize: number;
}

/** GET /complaints/all (admin): newest first, paged on the server. */
export function useComplaints(f: ComplaintFilters) {
  return useQuery({
    queryKey: [...complaintsKey, 'list', f],
    queryFn: () => api.get<ComplaintList>('/complaints/all', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** GET /complaints/user/{userId}: the resident's own, newest first. */
export function useMyComplaints(userId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...complaintsKey, 'mine', userId, page, pageSize],
    queryFn: () => api.get<ComplaintList>(`/complaints/user/${userId}`, { page, pageSize }),
    enabled: !!userId,
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(id: number) {
  return useQuery({ queryKey: [...complaintsKey, 'one', id], queryFn: () => api.get<Complaint>(`/complaints/${id}`), enabled: id > 0 });
}

/** The bell: refreshed every 30 s and when the window regains focus, without a reload. */
export function useUnseenComplaints() {
  return useQuery({
    queryKey: [...complaintsKey, 'unseen'],
    queryFn: () => api.get<UnseenComplaints>('/complaints/unseen'),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** Marks exactly the complaints the administrator was shown (never "all unseen": new ones may have arrived). */
export function useMarkSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => Promise.all(ids.map((id) => api.put<Complaint>(`/complaints/${id}`, {}))),
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintsKey }),
  });
}

export function useChangeComplaintState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; state: ComplaintState }) =>
      api.put<Complaint>(`/complaints/state/${input.id}`, { state: input.state }),
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintsKey }),
  });
}

/** POST /complaints: multipart, part `body` (JSON) and an optional part `image`. */
export function useCreateComplaint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CreateComplaintInput; image: File | null }) => {
      const form = new FormData();
      form.append('body', JSON.stringify(input.body));
      if (input.image) form.append('image', input.image);
      return api.post<Complaint>('/complaints', form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: complaintsKey }),
  });
}

export function useReplies(complaintId: number) {
  return useQuery({
    queryKey: [...complaintsKey, 'replies', complaintId],
    queryFn: () => api.get<{ items: Reply[]; total: number }>(`/complaints/${complaintId}/replies`),
    enabled: complaintId > 0,
    select: (r) => r.items,
  });
}

export function useAddReply(complaintId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<Reply>(`/complaints/${complaintId}/replies`, { text }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...complaintsKey, 'replies', complaintId] }),
  });
}
