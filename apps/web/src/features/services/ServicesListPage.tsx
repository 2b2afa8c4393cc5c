import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { SERVICE_MSG, type Service } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { AdminServiceDialog } from './AdminServiceDialog';
import { AdminServiceFiltersBar, useServiceUrlFilters } from './AdminServiceFilters';
import { adminServiceColumns } from './admin-service-columns';
import { useServices } from './api';

const PAGE_SIZE = 5;

/** /services: the administrator's useful services, filtered and paged by the server, newest first. */
export default function ServicesListPage() {
  const filters = useServiceUrlFilters();
  const { buildingId, accepted, page } = filters;
  const list = useServices({ buildingId, accepted, page: page + 1, pageSize: PAGE_SIZE });
  const [openId, setOpenId] = useState<number | undefined>();
  // The popup follows the list: once the server answers an action, the row it shows is the fresh one.
  const [clicked, setClicked] = useState<Service | undefined>();
  // A page emptied by a deletion (or an old link) moves back to the last page that has rows.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  const { setPage } = filters;
  useEffect(() => {
    if (list.data && page > lastPage) setPage(lastPage);
  }, [list.data, page, lastPage, setPage]);
  const open = openId === undefined ? undefined : (list.data?.items.find((s) => s.id === openId) ?? clicked);

  return (
    <>
      <PageHeader
        title="Servicios Utiles"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={buildingId ? `/services/form?buildingId=${buildingId}` : '/services/form'}
          >
            Nuevo servicio
          </Button>
        }
      />
      <AdminServiceFiltersBar filters={filters} />
      <ServerTable
        caption="Servicios Utiles"
        columns={adminServiceColumns((s) => {
          setClicked(s);
          setOpenId(s.id);
        })}
        rows={list.data?.items}
        total={total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={filters.setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText={SERVICE_MSG.none}
        rowKey={(s) => s.id}
      />
      <AdminServiceDialog service={open} onClose={() => setOpenId(undefined)} />
    </>
  );
}
