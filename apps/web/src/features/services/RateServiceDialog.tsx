import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { SERVICE_MSG, type Service } from '@consorcio/domain';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { RatingSummary } from './ServiceCard';
import { useRateService } from './api';

const STAR_WORDS = ['', 'Malo', 'Regular', 'Bueno', 'Muy bueno', 'Excelente'] as const;
const starLabel = (v: number) => `${v} ${v === 1 ? 'estrella' : 'estrellas'}: ${STAR_WORDS[v] ?? ''}`;

/**
 * Rates one service from 1 to 5 stars: creates the caller's rating, changes it or deletes it. The
 * cards read the averages again when the call settles (useRateService), so the dialog closes on an
 * answer already shown.
 */
export function RateServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  return (
    <Dialog open={!!service} onClose={onClose} aria-labelledby="rate-title" maxWidth="xs" fullWidth>
      {/* Keyed by service, so reopening starts from that service's own rating. */}
      {service && <RateForm key={service.id} service={service} onClose={onClose} />}
    </Dialog>
  );
}

function RateForm({ service: s, onClose }: { service: Service; onClose: () => void }) {
  const dialogs = useDialogs();
  const rate = useRateService();
  const mine = s.myRating;
  const [value, setValue] = useState<number | null>(mine?.rating ?? null);
  const [hover, setHover] = useState(-1);
  const [running, setRunning] = useState<'save' | 'delete' | null>(null);
  const shown = hover > 0 ? hover : value;

  const run = async (kind: 'save' | 'delete', rating: number | null, done: string) => {
    setRunning(kind);
    try {
      await rate.mutateAsync({ serviceId: s.id, mine, rating });
      dialogs.toast(done);
      onClose();
    } catch (e) {
      if (isApiError(e, 'CONFLICT')) {
        // Rated meanwhile (another tab, a double tap): the cards, read again, show the rating that stands.
        onClose();
        await dialogs.message({ title: SERVICE_MSG.alreadyRated, text: 'Ahora puede cambiar o borrar su calificación.', severity: 'info' });
      } else if (isApiError(e, 'NOT_FOUND')) {
        onClose();
        await dialogs.message({ title: 'No se pudo calificar', text: e.message, severity: 'warning' });
      } else if (isApiError(e, 'VALIDATION')) {
        await dialogs.message({ title: 'No se pudo calificar', text: e.message, severity: 'warning' });
      } else {
        await dialogs.showError(e, 'No se pudo calificar');
      }
    } finally {
      setRunning(null);
    }
  };

  const save = () => {
    if (value == null) return;
    void run('save', value, mine ? SERVICE_MSG.rateChanged : SERVICE_MSG.rated);
  };

  const remove = async () => {
    const ok = await dialogs.confirm({
      title: '¿Borrar su calificación?',
      text: `Se quitará su calificación de «${s.title}».`,
      confirmText: 'Borrar',
      destructive: true,
    });
    if (ok) await run('delete', null, SERVICE_MSG.rateDeleted);
  };

  const busy = running !== null;
  const unchanged = value == null || value === mine?.rating;

  return (
    <>
      <DialogTitle id="rate-title" sx={{ overflowWrap: 'anywhere' }}>
        Calificar «{s.title}»
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {s.provider}
        </Typography>
        <RatingSummary service={s} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2.5, minWidth: 0 }} disabled={busy}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {mine ? 'Su calificación (puede cambiarla)' : 'Su calificación'}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Rating
              name={`rating-${s.id}`}
              value={value}
              size="large"
              max={5}
              disabled={busy}
              getLabelText={starLabel}
              onChange={(_e, v) => v != null && setValue(v)}
              onChangeActive={(_e, v) => setHover(v)}
              emptyIcon={<StarIcon fontSize="inherit" sx={{ opacity: 0.45 }} />}
              sx={{ fontSize: { xs: '2.4rem', sm: '2.2rem' } }}
            />
            <Typography aria-hidden sx={{ minWidth: 90 }}>
              {shown ? STAR_WORDS[shown] : 'Elija de 1 a 5'}
            </Typography>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {mine && (
          <Button color="error" onClick={() => void remove()} loading={running === 'delete'} disabled={busy} sx={{ mr: 'auto' }}>
            Borrar mi calificación
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={save} loading={running === 'save'} disabled={busy || unchanged}>
          Guardar
        </Button>
      </DialogActions>
    </>
  );
}
