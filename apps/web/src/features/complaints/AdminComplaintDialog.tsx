import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { COMPLAINT_MSG, formatDateEs, type Complaint } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { apartmentLabel } from './admin-complaint-columns';
import { useChangeComplaintState, useComplaint, useMarkSeen } from './api';
import { ComplaintImage } from './ComplaintImage';
import { ImportanceChip } from '../../components/ImportanceChip';
import { ComplaintStateChip } from './complaint-chips';
import { ComplaintThread } from './ComplaintThread';
import { Fact } from '../../components/Fact';

/**
 * The administrator's popup of one complaint: its facts, details, photo and reply thread, and
 * Cerrar Reclamo / Abrir Reclamo. Opening an unseen complaint marks it seen. `initial` (the list's
 * row) shows at once while the complaint itself is fetched, which also serves links from the bell
 * to a complaint on another page of the list.
 */
export function AdminComplaintDialog({
  complaintId,
  initial,
  onClose,
}: {
  complaintId: number | undefined;
  initial?: Complaint;
  onClose: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const dialogs = useDialogs();
  const query = useComplaint(complaintId ?? 0);
  const markSeen = useMarkSeen();
  const changeState = useChangeComplaintState();
  const current = query.data ?? (initial && initial.id === complaintId ? initial : undefined);

  // The last complaint stays rendered while the dialog fades out, instead of collapsing mid-transition.
  const [shown, setShown] = useState(current);
  if (current && current !== shown) setShown(current);

  // Once per complaint: a refetch that still says unseen must not send it again (a failure may retry).
  const marked = useRef(new Set<number>());
  const unseenId = complaintId !== undefined && current && !current.seen ? current.id : undefined;
  const { mutate: mark } = markSeen;
  useEffect(() => {
    if (unseenId === undefined || marked.current.has(unseenId)) return;
    marked.current.add(unseenId);
    mark([unseenId], { onError: () => marked.current.delete(unseenId) });
  }, [unseenId, mark]);

  const toggleState = async (c: Complaint) => {
    const closing = c.state === 'opened';
    const ok = await dialogs.confirm({
      title: closing ? COMPLAINT_MSG.confirmClose : COMPLAINT_MSG.confirmReopen,
      text: c.subject,
      confirmText: closing ? 'Cerrar Reclamo' : 'Abrir Reclamo',
    });
    if (!ok) return;
    try {
      await changeState.mutateAsync({ id: c.id, state: closing ? 'closed' : 'opened' });
      dialogs.toast(closing ? COMPLAINT_MSG.closed : COMPLAINT_MSG.reopened);
    } catch (e) {
      await dialogs.showError(e);
    }
  };

  const open = complaintId !== undefined;
  const notFound = !current && isApiError(query.error, 'NOT_FOUND');
  const c = open ? current : shown;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      {c ? (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', pb: 1 }}>
            {c.subject}
          </DialogTitle>
          <DialogContent>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                columnGap: 3,
                rowGap: 1.5,
                m: 0,
                mb: 2,
              }}
            >
              <Fact label="Fecha">{formatDateEs(c.date)}</Fact>
              <Fact label="Importancia">
                <ImportanceChip importance={c.importance} />
              </Fact>
              <Fact label="Estado">
                <ComplaintStateChip state={c.state} />
              </Fact>
              <Fact label="Edificio">{c.building.name}</Fact>
              <Fact label="Departamento">{apartmentLabel(c)}</Fact>
              <Fact label="Residente">{c.user.name}</Fact>
            </Box>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              Detalle
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>{c.details}</Typography>
            <ComplaintImage src={c.image} alt={`Foto del reclamo ${c.subject}`} />
            <Divider sx={{ my: 2 }} />
            <ComplaintThread complaintId={c.id} viewer="admin" />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              color={c.state === 'opened' ? 'error' : 'primary'}
              startIcon={c.state === 'opened' ? <LockIcon /> : <LockOpenIcon />}
              onClick={() => void toggleState(c)}
              disabled={changeState.isPending}
            >
              {c.state === 'opened' ? 'Cerrar Reclamo' : 'Abrir Reclamo'}
            </Button>
            <Button variant="contained" onClick={onClose}>
              Cerrar
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>Reclamo</DialogTitle>
          <DialogContent>
            {notFound ? (
              <Typography>No se encontró el reclamo.</Typography>
            ) : query.isError ? (
              <ErrorState message="No se pudo cargar el reclamo." onRetry={() => query.refetch()} />
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status" aria-label="Cargando el reclamo">
                <CircularProgress />
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              Cerrar
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
