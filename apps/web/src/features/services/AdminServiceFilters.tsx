import { FILTER_SELECT_PROPS, FiltersPanel } from '../../components/FiltersPanel';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SERVICE_STATE_LABEL } from '@consorcio/domain';
import { BuildingSelect } from '../../components/BuildingSelect';
import { useUrlFilters } from '../../hooks/use-url-filters';

/** `?accepted=` as the URL holds it: 'true' Aceptado, 'false' Pendiente, anything else both. */
const acceptedOf = (v: string): boolean | undefined => (v === 'true' ? true : v === 'false' ? false : undefined);

/** /services' filters and page, kept in the URL (`?buildingId=&accepted=&page=`); anything unknown means "Todos". */
export function useServiceUrlFilters() {
  const filters = useUrlFilters();
  return {
    ...filters,
    buildingId: filters.id('buildingId'),
    accepted: acceptedOf(filters.text('accepted')),
  };
}

type Filters = ReturnType<typeof useServiceUrlFilters>;

/** Edificio, Estado (Todos / Pendiente / Aceptado) and Limpiar filtros (spec resident-area §2, admin services table). */
export function AdminServiceFiltersBar({ filters }: { filters: Filters }) {
  const { buildingId, accepted, setFilters } = filters;
  const selectProps = FILTER_SELECT_PROPS;
  return (
    <FiltersPanel fields={2}>
      <BuildingSelect
        size="small"
        slotProps={selectProps}
        allLabel="Todos"
        value={buildingId ?? ''}
        onChange={(id) => setFilters({ buildingId: id })}
      />
      <TextField
        select
        size="small"
        label="Estado"
        slotProps={selectProps}
        value={accepted === undefined ? '' : String(accepted)}
        onChange={(e) => setFilters({ accepted: e.target.value })}
      >
        <MenuItem value="">Todos</MenuItem>
        <MenuItem value="false">{SERVICE_STATE_LABEL.pending}</MenuItem>
        <MenuItem value="true">{SERVICE_STATE_LABEL.accepted}</MenuItem>
      </TextField>
      <Button onClick={filters.clear}>Limpiar filtros</Button>
    </FiltersPanel>
  );
}
