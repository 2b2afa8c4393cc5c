import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { SERVICE_CARDS_PER_PAGE, SERVICE_MSG, SERVICE_SORTS, SERVICE_SORT_LABEL, type Service, type ServiceSort } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { visuallyHidden } from '../../components/visually-hidden';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useSession } from '../../lib/session';
import { useBuildingServices } from './api';
import { RateServiceDialog } from './RateServiceDialog';
import { ServiceCard, ServiceCardSkeleton } from './ServiceCard';
import { ServiceSearch } from './ServiceSearch';

const isSort = (s: string): s is ServiceSort => (SERVICE_SORTS as readonly string[]).includes(s);
const grid = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** /public/contservices/{buildingId}: the accepted services of the resident's building, to find, call and rate (phone first). */
export default function ServiceCardsPage() {
  const session = useSession();
  const id = Number(useParams().buildingId);
  const own = session.data?.building?.id;
  const { search } = useLocation();
  // A resident sees their own building's services only (the server says 404 to any other), so the URL says so.
  if (own && id !== own) return <Navigate to={`/public/contservices/${own}${search}`} replace />;
  if (!session.data) return <PageLoader />;
  if (!own) return <EmptyState title="Su usuario no tiene un edificio asignado." />;
  return <ServiceCards buildingId={own} />;
}

function ServiceCards({ buildingId }: { buildingId: number }) {
  const filters = useUrlFilters();
  const q = filters.text('q').trim();
  const askedSort = filters.text('sort');
  const sort: ServiceSort = isSort(askedSort) ? askedSort : 'az';
  const page = filters.page;
  const list = useBuildingServices(buildingId, { q, sort, page: page + 1, pageSize: SERVICE_CARDS_PER_PAGE });
  const [rating, setRating] = useState<Service | null>(null);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SERVICE_CARDS_PER_PAGE)) : 1;
  // A page past the end (services removed meanwhile, an old link) goes to the last one.
  if (data && page + 1 > pages && !list.isPlaceholderData) return <Navigate to={{ search: pageSearch(pages, q, sort) }} replace />;

  const proposeTo = `/public/services/${buildingId}`;
  const propose = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={proposeTo}>
      Proponer un servicio
    </Button>
  );
  // The dialog follows the list: after a rating the card it was opened from shows the new average.
  const rated = rating && (data?.items.find((s) => s.id === rating.id) ?? rating);

  return (
    <>
      <PageHeader title="Servicios Utiles" actions={propose} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        useFlexGap
      >
        <ServiceSearch buildingId={buildingId} value={q} onSearch={(v) => filters.setFilters({ q: v })} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="sort-label" variant="body2" color="text.secondary">
            Ordenar
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={sort}
            aria-labelledby="sort-label"
            onChange={(_e, v: ServiceSort | null) => v && filters.setFilters({ sort: v === 'az' ? '' : v })}
          >
            {SERVICE_SORTS.map((s) => (
              <ToggleButton key={s} value={s} sx={{ px: 2, minHeight: 40, textTransform: 'none' }}>
                {SERVICE_SORT_LABEL[s]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>

      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {data && !list.isFetching ? resultText(data.total, q) : ''}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{list.isFetching && data && <LinearProgress aria-label="Actualizando servicios" />}</Box>

      {list.isError && !data ? (
        <ErrorState message="No se pudieron cargar los servicios." onRetry={() => void list.refetch()} />
      ) : !data ? (
        <Box sx={grid} aria-busy="true" aria-label="Cargando servicios">
          {Array.from({ length: SERVICE_CARDS_PER_PAGE }, (_, i) => (
            <ServiceCardSkeleton key={i} />
          ))}
        </Box>
      ) : data.items.length === 0 ? (
        <EmptyState
          title={q ? SERVICE_MSG.noneFound : SERVICE_MSG.none}
          action={
            <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">
                {q
                  ? '¿Conoce uno que sirva? Propóngalo y la administración lo revisará.'
                  : 'Proponga el primero: la administración lo revisará.'}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }} useFlexGap>
                {q && <Button onClick={() => filters.setFilters({ q: '' })}>Ver todos</Button>}
                <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={proposeTo}>
                  Proponer un servicio
                </Button>
              </Stack>
            </Stack>
          }
        />
      ) : (
        <>
          <Box
            component="ul"
            sx={{ ...grid, opacity: list.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={list.isFetching}
            aria-label="Servicios"
          >
            {data.items.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} onRate={setRating} />
              </li>
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={Math.min(page + 1, pages)}
              onChange={(_e, p) => filters.setPage(p - 1)}
              color="primary"
              siblingCount={0}
              aria-label="Páginas de servicios"
              getItemAriaLabel={(type, p, selected) =>
                type === 'page'
                  ? `${selected ? 'Página actual, ' : 'Ir a la '}página ${p}`
                  : type === 'next'
                    ? 'Página siguiente'
                    : type === 'previous'
                      ? 'Página anterior'
                      : type === 'first'
                        ? 'Primera página'
                        : 'Última página'
              }
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </>
      )}

      <RateServiceDialog service={rated} onClose={() => setRating(null)} />
    </>
  );
}

function resultText(total: number, q: string): string {
  const n = total === 1 ? '1 servicio' : `${total} servicios`;
  return q ? `${n} para «${q}»` : n;
}

function pageSearch(page: number, q: string, sort: ServiceSort): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (sort !== 'az') p.set('sort', sort);
  if (page > 1) p.set('page', String(page));
  return p.toString();
}
