import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { formatDateEs, type Alert } from '@consorcio/domain';
import { ImportanceChip } from '../../components/ImportanceChip';
import { Fact } from '../../components/Fact';

/**
 * One alert: concept, date, importance, building and details. `canEdit` adds Editar (the
 * administrator's calendar); residents get the same popup without it.
 */
export function AlertDetailDialog({ alert, onClose, canEdit }: { alert: Alert | null; onClose: () => void; canEdit: boolean }) {
  // The last alert stays rendered while the dialog fades out, instead of collapsing mid-transition.
  const [shown, setShown] = useState(alert);
  if (alert && alert !== shown) setShown(alert);
  const titleId = useId();
  const location = useLocation();
  return (
    <Dialog open={!!alert} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {shown && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {shown.concept}
          </DialogTitle>
          <DialogContent>
            <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0, mb: 2 }}>
              <Fact label="Fecha">{formatDateEs(shown.date)}</Fact>
              <Fact label="Importancia">
                <ImportanceChip importance={shown.importance} />
              </Fact>
              <Fact label="Edificio">{shown.building.name}</Fact>
            </Box>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={shown.details ? 'text.primary' : 'text.secondary'}>
              {shown.details || 'Sin detalle.'}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {canEdit && (
              <Button
                component={RouterLink}
                to={`/alertsUpdate/${shown.id}`}
                state={{ returnTo: location.pathname + location.search }}
                startIcon={<EditIcon />}
                variant="outlined"
              >
                Editar
              </Button>
            )}
            <Button variant="contained" onClick={onClose}>
              Cerrar
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
