import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import EditIcon from '@mui/icons-material/Edit';
import { formatDateEs, type Alert } from '@consorcio/domain';
import type { Column } from '../../components/ServerTable';
import { ImportanceChip } from '../../components/ImportanceChip';

/** Shown on phones only, under the date, where the columns it repeats are hidden. */
function PhoneOnly({ children, sx }: { children: ReactNode; sx?: object }) {
  return <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', ...sx }}>{children}</Box>;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

export const alertBuildingColumn: Column<Alert> = {
  key: 'building',
  header: 'Edificio',
  render: (a) => a.building.name,
  hideOnMobile: true,
};

/** DD/MM/YYYY; on a phone the concept (and the building, when several are listed) ride under it. */
export const alertDateWithConceptColumn = (withBuilding: boolean): Column<Alert> => ({
  key: 'date',
  header: 'Fecha',
  render: (a) => (
    <>
      <Box component="span" sx={nowrap}>
        {formatDateEs(a.date)}
      </Box>
      <PhoneOnly sx={{ color: 'text.primary' }}>{a.concept}</PhoneOnly>
      {withBuilding && <PhoneOnly sx={{ fontSize: 12 }}>{a.building.name}</PhoneOnly>}
    </>
  ),
});

export const alertDateColumn: Column<Alert> = {
  key: 'date',
  header: 'Fecha',
  render: (a) => (
    <Box component="span" sx={nowrap}>
      {formatDateEs(a.date)}
    </Box>
  ),
};

export const alertConceptColumn: Column<Alert> = { key: 'concept', header: 'Concepto', render: (a) => a.concept, hideOnMobile: true };

/**
 * The concept as a button that opens the alert's popup (the resident's list); on a phone the
 * importance rides under it, so the three columns fit.
 */
export const alertConceptOpenColumn = (open: (a: Alert) => void): Column<Alert> => ({
  key: 'concept',
  header: 'Concepto',
  render: (a) => (
    <>
      <Link component="button" type="button" onClick={() => open(a)} sx={{ textAlign: 'left', verticalAlign: 'baseline' }}>
        {a.concept}
      </Link>
      <PhoneOnly sx={{ mt: 0.5 }}>
        <ImportanceChip importance={a.importance} />
      </PhoneOnly>
    </>
  ),
});

export const alertImportanceColumn: Column<Alert> = {
  key: 'importance',
  header: 'Importancia',
  render: (a) => <ImportanceChip importance={a.importance} />,
};

/** The resident's list shows the importance under the concept on a phone. */
export const alertImportanceWideColumn: Column<Alert> = { ...alertImportanceColumn, hideOnMobile: true };

/** `returnTo`: where the form goes back to after saving (the list with its filters). */
export const alertEditColumn = (returnTo: string): Column<Alert> => ({
  key: 'edit',
  header: 'Editar',
  align: 'center',
  render: (a) => (
    <IconButton
      size="small"
      component={RouterLink}
      to={`/alertsUpdate/${a.id}`}
      state={{ returnTo }}
      aria-label={`Editar alerta ${a.concept} del ${formatDateEs(a.date)}`}
    >
      <EditIcon fontSize="small" />
    </IconButton>
  ),
});
