import { useState } from 'react';
import type { Complaint } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { AdminComplaintDialog } from './AdminComplaintDialog';
import { AdminComplaintFiltersBar, useComplaintUrlFilters } from './AdminComplaintFilters';
import { adminComplaintColumns } from './admin-complaint-columns';
import { useComplaints } from './api';

const PAGE_SIZE = 5;

/**
 * /complaints: the administrator's complaints, filtered and paged by the server, newest first. The
 * open popup is in the URL (`?open=<id>`), so the bell can link straight to one complaint.
 */
export default function ComplaintsListPage() {
  const filters = useComplaintUrlFilters();
  const { buildingId, importance, state, page, openId, setOpenId } = filters;
  const list = useComplaints({ buildingId, importance, state, page: page + 1, pageSize: PAGE_SIZE });
  // The clicked row shows in the popup at once, while the complaint itself is fetched.
  const [clicked, setClicked] = useState<Complaint | undefined>();
  const open = (c: Complaint) => {
    setClicked(c);
    setOpenId(c.id);
  };

  return (
    <>
      <PageHeader title="Reclamos" />
      <AdminComplaintFiltersBar filters={filters} />
      <ServerTable
        caption="Reclamos"
        columns={adminComplaintColumns(open)}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={filters.setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText="No hay reclamos para estos filtros"
        rowKey={(c) => c.id}
      />
      <AdminComplaintDialog complaintId={openId} initial={clicked} onClose={() => setOpenId(undefined)} />
    </>
  );
}
