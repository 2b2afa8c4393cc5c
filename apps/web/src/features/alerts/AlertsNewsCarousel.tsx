import { useEffect, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IMPORTANCE_LABEL, formatDateEs, todayIso, type Alert } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { EmptyState } from '../../components/EmptyState';
import { useAlerts } from './api';
import { AlertDetailDialog } from './AlertDetailDialog';
import { ImportanceChip } from '../../components/ImportanceChip';
import { visuallyHidden } from '../../components/visually-hidden';

/** spec/resident-area.md §9: the news carousel shows 4 per page. */
const PAGE_SIZE = 4;
/** Every card (and its loading stand-in) has this height, so pages and loading never move the layout. */
const CARD_HEIGHT = 148;
const PAGER_HEIGHT = 40;
const GRID_COLUMNS = { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' };

function NewsCard({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ height: CARD_HEIGHT }}>
      {/* The name is the concept, date and importance; the details preview only describes it. */}
      <CardActionArea
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-concept ${id}-date ${id}-importance`}
        aria-describedby={alert.details ? `${id}-details` : undefined}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id={`${id}-date`} component="span" variant="body2" color="text.secondary">
            {formatDateEs(alert.date)}
          </Typography>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
            <ImportanceChip importance={alert.importance} />
          </Box>
          <Box component="span" id={`${id}-importance`} sx={visuallyHidden}>
            {`Importancia ${IMPORTANCE_LABEL[alert.importance].toLowerCase()}`}
          </Box>
        </Box>
        <Typography id={`${id}-concept`} component="span" fontWeight={700} sx={clamp(2)}>
          {alert.concept}
        </Typography>
        {alert.details && (
          <Typography id={`${id}-details`} component="span" variant="body2" color="text.secondary" sx={{ ...clamp(2), mt: 0.5 }}>
            {alert.details}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

const clamp = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }) as const;

/**
 * The resident home's "Novedades" (spec/resident-area.md §2): this year's alerts of the resident's
 * building, newest first, 4 per page paged by the server; a card opens the alert's popup.
 * `action` sits beside the heading (the home puts the link to subscriptions there).
 */
export function AlertsNewsCarousel({ action }: { action?: ReactNode }) {
  const year = todayIso().slice(0, 4);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Alert | null>(null);
  const q = useAlerts({ since: `${year}-01-01`, upTo: `${year}-12-31`, page, pageSize: PAGE_SIZE });
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const items = q.data?.items ?? [];

  // Alerts deleted meanwhile can leave the page past the end: show the last one instead.
  useEffect(() => {
    if (q.data && page > pages) setPage(pages);
  }, [q.data, page, pages]);

  let body: ReactNode;
  if (q.isError) body = <ErrorState message="No se pudieron cargar las novedades." onRetry={() => void q.refetch()} />;
  else if (q.isPending)
    body = (
      <Box aria-hidden>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: GRID_COLUMNS }}>
          {Array.from({ length: PAGE_SIZE }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={CARD_HEIGHT} />
          ))}
        </Box>
        <Box sx={{ height: PAGER_HEIGHT, mt: 2 }} />
      </Box>
    );
  else if (total === 0)
    body = (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        <EmptyState title="No hay novedades este año" />
      </Box>
    );
  else
    body = (
      <>
        <Box
          role="list"
          aria-label="Novedades"
          aria-busy={q.isPlaceholderData}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: GRID_COLUMNS, opacity: q.isPlaceholderData ? 0.6 : 1 }}
        >
          {items.map((a) => (
            <Box role="listitem" key={a.id} sx={{ minWidth: 0 }}>
              <NewsCard alert={a} onOpen={() => setOpen(a)} />
            </Box>
          ))}
          {/* A short last page keeps the height of a full one where cards sit side by side, so the pager stays put. */}
          {pages > 1 &&
            Array.from({ length: PAGE_SIZE - items.length }, (_, i) => (
              <Box key={`gap-${i}`} aria-hidden sx={{ height: CARD_HEIGHT, display: { xs: 'none', sm: 'block' } }} />
            ))}
        </Box>
        <Box
          component="nav"
          aria-label="Páginas de novedades"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2, height: PAGER_HEIGHT }}
        >
          <Button
            aria-label="Página anterior"
            startIcon={<ChevronLeftIcon />}
            disabled={page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            Anterior
          </Button>
          <Typography variant="body2" aria-live="polite" aria-atomic>
            Página {Math.min(page, pages)} de {pages}
          </Typography>
          <Button
            aria-label="Página siguiente"
            endIcon={<ChevronRightIcon />}
            disabled={page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Siguiente
          </Button>
        </Box>
      </>
    );

  return (
    <Box component="section" aria-labelledby="news-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id="news-title" variant="h6" component="h2">
          Novedades
        </Typography>
        {action}
      </Box>
      {body}
      <AlertDetailDialog alert={open} onClose={() => setOpen(null)} canEdit={false} />
    </Box>
  );
}
