import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { SUBSCRIPTION_MSG } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { useDialogs } from '../../lib/dialogs';
import { useFeedUrl, useRotateFeed } from './api';
import { visuallyHidden } from '../../components/visually-hidden';

/** The same feed for calendar apps that subscribe through the webcal: scheme (iPhone, Mac, Google's cid). */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * "Calendario en su teléfono": the resident's private iCalendar link, to copy into Google Calendar or
 * the phone's calendar, and a way to void it when it leaked.
 */
export function CalendarFeedSection() {
  const feed = useFeedUrl();
  const rotate = useRotateFeed();
  const dialogs = useDialogs();
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data?.url ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      dialogs.toast(SUBSCRIPTION_MSG.feedCopied);
    } catch {
      // No clipboard API (a page served over plain http, an old browser): select the text instead.
      input.current?.focus();
      input.current?.select();
      // Deprecated, but the only copy there is without the clipboard API.
      if (document.execCommand?.('copy')) dialogs.toast(SUBSCRIPTION_MSG.feedCopied);
      else dialogs.toast('El enlace quedó seleccionado: cópielo con el menú de su teléfono o con Ctrl+C.', 'info');
    }
  };

  const renew = async () => {
    const ok = await dialogs.confirm({
      title: '¿Generar un enlace nuevo?',
      text: 'El enlace actual dejará de funcionar: los calendarios donde lo agregó dejarán de mostrar las alertas hasta que agregue el nuevo.',
      confirmText: 'Generar enlace nuevo',
      destructive: true,
    });
    if (!ok) return;
    try {
      await rotate.mutateAsync();
      dialogs.toast(SUBSCRIPTION_MSG.feedRotated);
    } catch (e) {
      await dialogs.showError(e, 'No se pudo generar el enlace');
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="feed-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="feed-title" variant="h6" component="h2" gutterBottom>
        Calendario en su teléfono
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Vea las alertas de su edificio en el calendario de su teléfono o en Google Calendar, junto a sus otros eventos. Se actualizan solas.
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 2, '& li': { mb: 0.5 } }}>
        <li>
          <Typography variant="body2">
            <strong>Google Calendar</strong> (también en Android): en una computadora, junto a «Otros calendarios» toque «+», elija «Desde
            URL» y pegue el enlace.
          </Typography>
        </li>
        <li>
          <Typography variant="body2">
            <strong>iPhone</strong>: Ajustes › Calendario › Cuentas › Agregar cuenta › Otra › Agregar calendario suscripto, y pegue el
            enlace.
          </Typography>
        </li>
      </Box>

      {feed.isError ? (
        <ErrorState message="No se pudo obtener su enlace." onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <TextField
            label="Enlace privado de su calendario"
            value={url}
            placeholder={feed.isPending ? 'Cargando…' : undefined}
            inputRef={input}
            onFocus={(e) => e.target.select()}
            helperText="Es personal: quien lo tenga puede ver las alertas de su edificio. Si lo compartió por error, genere uno nuevo."
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} disabled={!url} onClick={() => void copy()}>
              Copiar enlace
            </Button>
            <Button variant="outlined" startIcon={<AutorenewIcon />} disabled={!url || rotate.isPending} onClick={() => void renew()}>
              Generar un enlace nuevo
            </Button>
          </Box>
          {url && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              O agréguelo directamente:{' '}
              <Link href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal(url))}`} target="_blank" rel="noopener">
                Google Calendar
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (se abre en una pestaña nueva)
                </Box>
              </Link>
              {' · '}
              <Link href={webcal(url)}>iPhone o Mac</Link>
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
