import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { Alert } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { AlertFiltersBar, useAlertUrlFilters } from './AlertFilters';
import {
  alertBuildingColumn,
  alertConceptColumn,
  alertDateWithConceptColumn,
  alertEditColumn,
  alertImportanceColumn,
} from './alert-columns';
import { useAlerts } from './api';

const PAGE_SIZE = 5;

/** With one building filtered its name would only repeat on every phone row. */
const listColumns = (oneBuilding: boolean, returnTo: string): Column<Alert>[] => [
  alertBuildingColumn,
  alertDateWithConceptColumn(!oneBuilding),
  alertConceptColumn,
  alertImportanceColumn,
  alertEditColumn(returnTo),
];

/** /alerts: the administrator's alerts, filtered and paged by the server, newest first. */
export default function AlertsListPage() {
  const filters = useAlertUrlFilters();
  const { since, upTo, buildingId, importance, page } = filters;
  const location = useLocation();
  const list = useAlerts({ buildingId, importance, since, upTo, page: page + 1, pageSize: PAGE_SIZE });
  // The form comes back here, filters and page included.
  const here = location.pathname + location.search;

  return (
    <>
      <PageHeader
        title="Alertas"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={buildingId ? `/alertsAdd/${buildingId}` : '/alertsAdd'}
            state={{ returnTo: here }}
          >
            Nueva alerta
          </Button>
        }
      />
      <AlertFiltersBar filters={filters} withBuilding />
      <ServerTable
        caption="Alertas"
        columns={listColumns(!!buildingId, here)}
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
    </>
  );
}
