import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { formatDateEs, type Complaint } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useComplaint } from './api';
import { ImportanceChip } from '../../components/ImportanceChip';
import { ComplaintStateChip } from './complaint-chips';
import { ComplaintImage } from './ComplaintImage';
import { ComplaintThread } from './ComplaintThread';
import { Fact } from '../../components/Fact';

/** /public/{id}/complaintDetail/{complaintId}: one of the resident's complaints and its replies. */
export default function ComplaintDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const complaintId = Number(params.complaintId);
  const valid = Number.isInteger(complaintId) && complaintId > 0;
  const session = useSession();
  const self = session.data?.id;
  const complaint = useComplaint(valid ? complaintId : 0);
  const listPath = `/public/${self ?? id}/complaints`;

  if (self && id !== self) return <Navigate to={`/public/${self}/complaintDetail/${params.complaintId ?? ''}`} replace />;
  if (!valid || isApiError(complaint.error, 'NOT_FOUND')) return <NotFound listPath={listPath} />;
  if (complaint.isError) return <ErrorState onRetry={() => void complaint.refetch()} />;
  if (!complaint.data) return <PageLoader />;
  return <Detail complaint={complaint.data} listPath={listPath} />;
}

function BackButton({ to }: { to: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />}>
      Mis reclamos
    </Button>
  );
}

function NotFound({ listPath }: { listPath: string }) {
  return (
    <>
      <PageHeader title="No se encontró el reclamo" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, textAlign: 'center' }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ my: 1.5 }}>El enlace puede estar mal escrito, o el reclamo no es suyo.</Typography>
        <Button variant="contained" component={RouterLink} to={listPath}>
          Ver mis reclamos
        </Button>
      </Paper>
    </>
  );
}

function Detail({ complaint: c, listPath }: { complaint: Complaint; listPath: string }) {
  return (
    // A long word in the subject wraps instead of widening the page on a phone.
    <Box sx={{ overflowWrap: 'anywhere', maxWidth: 720 }}>
      <PageHeader title={c.subject} actions={<BackButton to={listPath} />} />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, m: 0 }}>
            <Fact label="Reclamo">#{c.id}</Fact>
            <Fact label="Fecha de inicio">{formatDateEs(c.date)}</Fact>
            <Fact label="Importancia">
              <ImportanceChip importance={c.importance} />
            </Fact>
            <Fact label="Estado">
              <ComplaintStateChip state={c.state} />
            </Fact>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
              Detalle
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.details}</Typography>
          </Box>
          {c.image && (
            <Box>
              <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
                Foto
              </Typography>
              <ComplaintImage src={c.image} alt={`Foto del reclamo: ${c.subject}`} />
            </Box>
          )}
          <Divider />
          <ComplaintThread complaintId={c.id} viewer="resident" headingComponent="h2" />
        </Stack>
      </Paper>
    </Box>
  );
}
