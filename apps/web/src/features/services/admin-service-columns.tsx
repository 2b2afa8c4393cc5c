import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import StarIcon from '@mui/icons-material/Star';
import { formatDateEs, SERVICE_STATE_LABEL, serviceState, todayIso, type Service } from '@consorcio/domain';
import type { Column } from '../../components/ServerTable';

/** A pending proposal waits for the administrator, so it stands out; an accepted service is calm. */
export function AdminServiceStateChip({ accepted }: { accepted: boolean }) {
  return (
    <Chip
      size="small"
      label={SERVICE_STATE_LABEL[serviceState(accepted)]}
      color={accepted ? 'success' : 'warning'}
      variant={accepted ? 'outlined' : 'filled'}
    />
  );
}

/** "4,5 ★ (4)" with the count spelled out for screen readers; "Sin calificaciones" when none. */
export function AdminServiceRating({ service }: { service: Pick<Service, 'ratingAverage' | 'ratingCount'> }) {
  const { ratingAverage, ratingCount } = service;
  if (ratingAverage == null || ratingCount === 0)
    return (
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        Sin calificaciones
      </Box>
    );
  const average = ratingAverage.toLocaleString('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const count = `${ratingCount} ${ratingCount === 1 ? 'calificación' : 'calificaciones'}`;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      aria-label={`${average} de 5 estrellas, ${count}`}
      role="img"
    >
      {average}
      <StarIcon fontSize="inherit" sx={{ color: 'warning.dark' }} aria-hidden />
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({ratingCount})
      </Box>
    </Box>
  );
}

/** The day a service was published or proposed, in Argentina, DD/MM/YYYY. */
export const serviceDate = (s: Pick<Service, 'createdAt'>) => formatDateEs(todayIso(new Date(s.createdAt)));

/** Shown on phones only, under the title, where the columns it repeats are hidden. */
function PhoneOnly({ children }: { children: ReactNode }) {
  return <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: 13, mt: 0.5 }}>{children}</Box>;
}

/**
 * The table of /services: Título (a button that opens the popup), Proveedor, Contacto, Edificio,
 * Estado, Calificación, Fecha. On a phone the title and the state are the columns; the rest rides
 * under the title.
 */
export function adminServiceColumns(open: (s: Service) => void): Column<Service>[] {
  return [
    {
      key: 'title',
      header: 'Título',
      render: (s) => (
        <>
          <Link
            component="button"
            type="button"
            onClick={() => open(s)}
            sx={{ textAlign: 'left', verticalAlign: 'baseline', overflowWrap: 'anywhere', fontWeight: s.accepted ? 400 : 700 }}
          >
            {s.title}
          </Link>
          <PhoneOnly>
            {s.provider} · {s.contact}
          </PhoneOnly>
          <PhoneOnly>
            {s.building.name} · {serviceDate(s)}
          </PhoneOnly>
          <PhoneOnly>
            <AdminServiceRating service={s} />
          </PhoneOnly>
        </>
      ),
    },
    { key: 'provider', header: 'Proveedor', render: (s) => s.provider, hideOnMobile: true },
    {
      key: 'contact',
      header: 'Contacto',
      render: (s) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {s.contact}
        </Box>
      ),
      hideOnMobile: true,
    },
    { key: 'building', header: 'Edificio', render: (s) => s.building.name, hideOnMobile: true },
    { key: 'state', header: 'Estado', render: (s) => <AdminServiceStateChip accepted={s.accepted} /> },
    { key: 'rating', header: 'Calificación', render: (s) => <AdminServiceRating service={s} />, hideOnMobile: true },
    {
      key: 'date',
      header: 'Fecha',
      render: (s) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {serviceDate(s)}
        </Box>
      ),
      hideOnMobile: true,
    },
  ];
}
