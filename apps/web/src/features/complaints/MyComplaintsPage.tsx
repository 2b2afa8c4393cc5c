import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import { formatDateEs, type Complaint } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useSession } from '../../lib/session';
import { useMyComplaints } from './api';
import { ComplaintStateChip } from './complaint-chips';

const PAGE_SIZE = 5;
const nowrap = { whiteSpace: 'nowrap' } as const;

function columns(userId: number): Column<Complaint>[] {
  return [
    { key: 'id', header: '#', render: (c) => c.id, width: 56 },
    {
      key: 'date',
      header: 'Fecha',
      render: (c) => (
        <Box component="span" sx={nowrap}>
          {formatDateEs(c.date)}
        </Box>
      ),
      hideOnMobile: true,
    },
    {
      key: 'subject',
      header: 'Asunto',
      render: (c) => (
        <>
          <Link component={RouterLink} to={`/public/${userId}/complaintDetail/${c.id}`} sx={{ overflowWrap: 'anywhere' }}>
            {c.subject}
          </Link>
          {/* On a phone the date rides under the subject, so three columns fit. */}
          <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: 12, mt: 0.25 }}>{formatDateEs(c.date)}</Box>
        </>
      ),
    },
    { key: 'state', header: 'Estado', render: (c) => <ComplaintStateChip state={c.state} /> },
  ];
}

/** /public/{id}/complaints: the resident's own complaints, newest first, five a page (paged by the server). */
export default function MyComplaintsPage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  const { search } = useLocation();
  const { page, setPage } = useUrlFilters();
  const list = useMyComplaints(self, page + 1, PAGE_SIZE);

  // Another user's id in the URL: the list is the caller's own anyway, so the URL says so.
  if (self && id !== self) return <Navigate to={`/public/${self}/complaints${search}`} replace />;

  return (
    <>
      <PageHeader
        title="Mis reclamos"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`/public/AddComplaints/${id}`}>
            Nuevo reclamo
          </Button>
        }
      />
      <ServerTable
        caption="Mis reclamos"
        columns={columns(id)}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyText="Todavía no envió reclamos"
        rowKey={(c) => c.id}
      />
    </>
  );
}
