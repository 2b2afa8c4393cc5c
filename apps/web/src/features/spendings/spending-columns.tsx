import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/Edit';
import { formatDateShortEs, formatPesos, type Spending } from '@consorcio/domain';
import type { Column } from '../../components/ServerTable';

/** Shown under the date on phones only, where the columns it repeats are hidden. */
export function PhoneOnly({ children, sx }: { children: ReactNode; sx?: object }) {
  return (
    <Box component="span" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', ...sx }}>
      {children}
    </Box>
  );
}

/** DD/MM/YY; on a phone the concept (and whatever `extra` adds) rides under it, so the amount and Editar fit. */
export const spendingDateColumn = (extra?: (s: Spending) => ReactNode): Column<Spending> => ({
  key: 'date',
  header: 'Fecha',
  render: (s) => (
    <>
      {formatDateShortEs(s.date)}
      <PhoneOnly>{s.concept}</PhoneOnly>
      {extra?.(s)}
    </>
  ),
});

export const spendingConceptColumn: Column<Spending> = { key: 'concept', header: 'Concepto', render: (s) => s.concept, hideOnMobile: true };

export const spendingAmountColumn: Column<Spending> = {
  key: 'amount',
  header: 'Monto',
  align: 'right',
  render: (s) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatPesos(s.amount)}</Box>,
};

export const spendingEditColumn: Column<Spending> = {
  key: 'edit',
  header: 'Editar',
  align: 'center',
  render: (s) => (
    <IconButton
      size="small"
      component={RouterLink}
      to={`/spendings/board/${s.id}/edit`}
      aria-label={`Editar gasto ${s.concept} del ${formatDateShortEs(s.date)}`}
    >
      <EditIcon fontSize="small" />
    </IconButton>
  ),
};

/** Read-only boards (the residents') show who was paid and what for, on wide screens. */
export const spendingSupplierColumn: Column<Spending> = {
  key: 'supplier',
  header: 'Proveedor',
  render: (s) => s.supplier,
  hideOnMobile: true,
};

export const spendingDetailsColumn: Column<Spending> = { key: 'details', header: 'Detalle', render: (s) => s.details, hideOnMobile: true };
