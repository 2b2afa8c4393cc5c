import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ALERTS_SINCE_DEFAULT, IMPORTANCE, IMPORTANCE_LABEL, todayIso } from '@consorcio/domain';
import { BuildingSelect } from '../../components/BuildingSelect';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { parseImportance } from '../../components/ImportanceChip';

/**
 * The alert list's filters, kept in the URL (spec resident-area §2: since 2021-01-01 up to today by
 * default). `upToDefault` lets a list that is about what is coming (the resident's) reach further.
 */
export function useAlertUrlFilters(upToDefault: string = todayIso()) {
  const filters = useUrlFilters();
  return {
    ...filters,
    since: filters.text('since', ALERTS_SINCE_DEFAULT),
    upTo: filters.text('upTo', upToDefault),
    buildingId: filters.id('buildingId'),
    importance: parseImportance(filters.text('importance')),
  };
}

type Filters = ReturnType<typeof useAlertUrlFilters>;

/** Desde, Hasta, Edificio (admin only), Importancia and a reset button. */
export function AlertFiltersBar({ filters, withBuilding }: { filters: Filters; withBuilding: boolean }) {
  const { since, upTo, buildingId, importance, setFilters } = filters;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filtros">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            md: withBuilding ? 'repeat(4, minmax(0, 1fr)) auto' : 'repeat(3, minmax(0, 1fr)) auto',
          },
          alignItems: 'center',
        }}
      >
        <DatePicker
          label="Desde"
          format="DD/MM/YYYY"
          value={dayjs(since)}
          maxDate={dayjs(upTo)}
          onChange={(v) => v?.isValid() && setFilters({ since: v.format('YYYY-MM-DD') })}
          slotProps={{ textField: { size: 'small' } }}
        />
        <DatePicker
          label="Hasta"
          format="DD/MM/YYYY"
          value={dayjs(upTo)}
          minDate={dayjs(since)}
          onChange={(v) => v?.isValid() && setFilters({ upTo: v.format('YYYY-MM-DD') })}
          slotProps={{ textField: { size: 'small' } }}
        />
        {withBuilding && (
          <BuildingSelect
            size="small"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            allLabel="Todos"
            value={buildingId ?? ''}
            onChange={(id) => setFilters({ buildingId: id })}
          />
        )}
        <TextField
          select
          size="small"
          label="Importancia"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={importance ?? ''}
          onChange={(e) => setFilters({ importance: e.target.value })}
        >
          <MenuItem value="">Todas</MenuItem>
          {IMPORTANCE.map((i) => (
            <MenuItem key={i} value={i}>
              {IMPORTANCE_LABEL[i]}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={filters.clear}>Limpiar filtros</Button>
      </Box>
    </Paper>
  );
}
