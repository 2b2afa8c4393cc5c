import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { todayIso, type Alert } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useSession } from '../../lib/session';
import { AlertFiltersBar, useAlertUrlFilters } from './AlertFilters';
import { AlertDetailDialog } from './AlertDetailDialog';
import { alertConceptOpenColumn, alertDateColumn, alertImportanceWideColumn } from './alert-columns';
import { useAlerts } from './api';

const PAGE_SIZE = 5;

/** /public/{id}/alerts: the resident's building's alerts (the server scopes them), each opening its popup. */
export default function ResidentAlertsPage() {
  // A resident looks for what is coming (tomorrow's water cut), so the list reaches to the end of next year.
  const filters = useAlertUrlFilters(`${Number(todayIso().slice(0, 4)) + 1}-12-31`);
  const { since, upTo, importance, page } = filters;
  const session = useSession();
  const id = Number(useParams().id);
  const { search } = useLocation();
  const [open, setOpen] = useState<Alert | null>(null);
  const list = useAlerts({ importance, since, upTo, page: page + 1, pageSize: PAGE_SIZE });
  const columns: Column<Alert>[] = [alertDateColumn, alertConceptOpenColumn(setOpen), alertImportanceWideColumn];

  // Another user's id in the URL: the list is the caller's own anyway, so the URL says so.
  if (session.data && id !== session.data.id) return <Navigate to={`/public/${session.data.id}/alerts${search}`} replace />;

  return (
    <>
      <PageHeader
        title="Alertas"
        actions={
          session.data && (
            <Button
              variant="outlined"
              startIcon={<MarkEmailUnreadIcon />}
              component={RouterLink}
              to={`/public/${session.data.id}/subscriptions`}
            >
              Recibir por correo
            </Button>
          )
        }
      />
      {session.data?.building && (
        <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
          {session.data.building.name}
        </Typography>
      )}
      <AlertFiltersBar filters={filters} withBuilding={false} />
      <ServerTable
        caption="Alertas del edificio"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={filters.setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText="No hay alertas para estos filtros"
        rowKey={(a) => a.id}
      />
      <AlertDetailDialog alert={open} onClose={() => setOpen(null)} canEdit={false} />
    </>
  );
}
