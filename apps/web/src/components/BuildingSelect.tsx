import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useApartmentOptions, useBuildingOptions } from '../hooks/use-building-options';

type SelectProps = Omit<TextFieldProps, 'value' | 'onChange' | 'select'> & {
  value: number | '' | null | undefined;
  onChange: (id: number | '') => void;
  /** Offer "Todos" (empty) as the first option, for filters. */
  allLabel?: string;
};

/** Select one of the caller's buildings. */
export function BuildingSelect({ value, onChange, allLabel, label = 'Edificio', ...rest }: SelectProps) {
  const q = useBuildingOptions();
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      helperText={q.isError ? 'No se pudieron cargar los edificios' : rest.helperText}
      {...rest}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {(q.data ?? []).map((b) => (
        <MenuItem key={b.id} value={b.id}>
          {b.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Select an apartment of the given building. */
export function ApartmentSelect({
  buildingId,
  value,
  onChange,
  allLabel,
  label = 'Departamento',
  ...rest
}: SelectProps & { buildingId: number | '' | null | undefined }) {
  const q = useApartmentOptions(buildingId || undefined);
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      {...rest}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {(q.data ?? []).map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.number_apartment}
        </MenuItem>
      ))}
    </TextField>
  );
}
