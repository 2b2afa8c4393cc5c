import { FILTER_SELECT_PROPS, FiltersPanel } from '../../components/FiltersPanel';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  COMPLAINT_STATE_LABEL,
  COMPLAINT_STATES,
  IMPORTANCE,
  IMPORTANCE_LABEL,
  type ComplaintState,
  type Importance,
} from '@consorcio/domain';
import { BuildingSelect } from '../../components/BuildingSelect';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { OPEN_PARAM } from './admin-links';

const oneOf = <T extends string>(values: readonly T[], v: string): T | undefined =>
  (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** /complaints' filters and page, kept in the URL; anything unknown there means "Todos". */
export function useComplaintUrlFilters() {
  const filters = useUrlFilters();
  return {
    ...filters,
    buildingId: filters.id('buildingId'),
    importance: oneOf<Importance>(IMPORTANCE, filters.text('importance')),
    state: oneOf<ComplaintState>(COMPLAINT_STATES, filters.text('state')),
    openId: filters.id(OPEN_PARAM),
    /** Opens (or, with undefined, closes) a complaint's popup, keeping the filters and the page. */
    setOpenId: (id: number | undefined) => filters.setFilters({ [OPEN_PARAM]: id, page: filters.page ? filters.page + 1 : undefined }),
  };
}

type Filters = ReturnType<typeof useComplaintUrlFilters>;

/** Edificio, Importancia, Estado and a reset button (spec resident-area §2, admin complaint table). */
export function AdminComplaintFiltersBar({ filters }: { filters: Filters }) {
  const { buildingId, importance, state, setFilters } = filters;
  const selectProps = FILTER_SELECT_PROPS;
  return (
    <FiltersPanel fields={3}>
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
        label="Importancia"
        slotProps={selectProps}
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
      <TextField
        select
        size="small"
        label="Estado"
        slotProps={selectProps}
        value={state ?? ''}
        onChange={(e) => setFilters({ state: e.target.value })}
      >
        <MenuItem value="">Todos</MenuItem>
        {COMPLAINT_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {COMPLAINT_STATE_LABEL[s]}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={filters.clear}>Limpiar filtros</Button>
    </FiltersPanel>
  );
}
