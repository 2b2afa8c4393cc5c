import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

/** The select props every filter select shares: the label stays up, so "Todos" shows as a value. */
export const FILTER_SELECT_PROPS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * The filters above a list: a labelled section whose `fields` share a row on a wide screen with room
 * for one more cell at the end (Limpiar filtros); two per row on a tablet, one on a phone.
 */
export function FiltersPanel({ fields, children }: { fields: number; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filtros">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${fields}, minmax(0, 1fr)) auto` },
          alignItems: 'center',
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}
