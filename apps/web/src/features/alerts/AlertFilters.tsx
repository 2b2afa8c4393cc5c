import { FILTER_SELECT_PROPS, FiltersPanel } from '../../components/FiltersPanel';
import dayjs from 'dayjs';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DatePicker } from '../../components/DatePicker';
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
    <FiltersPanel fields={withBuilding ? 4 : 3}>
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
          slotProps={FILTER_SELECT_PROPS}
          allLabel="Todos"
          value={buildingId ?? ''}
          onChange={(id) => setFilters({ buildingId: id })}
        />
      )}
      <TextField
        select
        size="small"
        label="Importancia"
        slotProps={FILTER_SELECT_PROPS}
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
    </FiltersPanel>
  );
}
