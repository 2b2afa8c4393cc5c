import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import { isPhoneNumber, SERVICE_MSG, type Service } from '@consorcio/domain';
import { Fact } from '../../components/Fact';
import { useDialogs } from '../../lib/dialogs';
import { AdminServiceRating, AdminServiceStateChip, serviceDate } from './admin-service-columns';
import { useAcceptService, useDeleteService } from './api';

/** A phone number dials, an e-mail address writes. */
function ContactLink({ contact }: { contact: string }) {
  const href = isPhoneNumber(contact) ? `tel:${contact.replace(/[^\d+]/g, '')}` : `mailto:${contact}`;
  return (
    <Link href={href} sx={{ overflowWrap: 'anywhere' }}>
      {contact}
    </Link>
  );
}

/**
 * The administrator's popup of one service: every field, Aceptar (pending only) and Eliminar, both
 * confirmed first. Each button shows a spinner while its call runs; the list behind refreshes as soon
 * as the server answers (the hooks invalidate it). Accepting keeps the popup open on the accepted
 * service; deleting closes it.
 */
export function AdminServiceDialog({ service, onClose }: { service: Service | undefined; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const dialogs = useDialogs();
  const accept = useAcceptService();
  const remove = useDeleteService();

  // The answer to Aceptar, for the service it was about; the row passed in may still be the old one.
  const [accepted, setAccepted] = useState<Service | undefined>();
  const current = service && accepted?.id === service.id ? accepted : service;
  // The last service stays rendered while the dialog fades out, instead of collapsing mid-transition.
  const [shown, setShown] = useState(current);
  if (current && current !== shown) setShown(current);
  const s = current ?? shown;
  const busy = accept.isPending || remove.isPending;

  const onAccept = async (svc: Service) => {
    const ok = await dialogs.confirm({ title: SERVICE_MSG.confirmAccept, text: svc.title, confirmText: 'Aceptar' });
    if (!ok) return;
    try {
      setAccepted(await accept.mutateAsync(svc.id));
      dialogs.toast(SERVICE_MSG.accepted);
    } catch (e) {
      await dialogs.showError(e, 'No se pudo aceptar el servicio');
    }
  };

  const onDelete = async (svc: Service) => {
    const ok = await dialogs.confirm({ title: SERVICE_MSG.confirmDelete, text: svc.title, confirmText: 'Eliminar', destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync(svc.id);
      dialogs.toast(SERVICE_MSG.deleted);
      onClose();
    } catch (e) {
      await dialogs.showError(e, 'No se pudo eliminar el servicio');
    }
  };

  return (
    <Dialog open={!!service} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      {s && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere', pb: 1 }}>
            {s.title}
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
              <Fact label="Proveedor">{s.provider}</Fact>
              <Fact label="Matrícula">{s.enrollment || '—'}</Fact>
              <Fact label="Contacto">
                <ContactLink contact={s.contact} />
              </Fact>
              <Fact label="Edificio">{s.building.name}</Fact>
              <Fact label="Estado">
                <AdminServiceStateChip accepted={s.accepted} />
              </Fact>
              <Fact label="Fecha">{serviceDate(s)}</Fact>
              <Fact label="Calificación" wide>
                <AdminServiceRating service={s} />
              </Fact>
            </Box>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              Detalle
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={s.detail ? undefined : 'text.secondary'}>
              {s.detail || 'Sin detalle'}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            {!s.accepted && (
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckIcon />}
                onClick={() => void onAccept(s)}
                loading={accept.isPending}
                disabled={busy}
              >
                Aceptar
              </Button>
            )}
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => void onDelete(s)}
              loading={remove.isPending}
              disabled={busy}
            >
              Eliminar
            </Button>
            <Button onClick={onClose}>Cerrar</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
