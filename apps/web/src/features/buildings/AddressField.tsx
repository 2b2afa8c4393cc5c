import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { GeocodeResult } from '@consorcio/domain';
import { useGeocode } from './api';

interface Props {
  value: string;
  onChange: (address: string) => void;
  /** A suggestion was chosen: its coordinates fill latitude and longitude. */
  onPick: (place: GeocodeResult) => void;
  error?: string;
  placeholder?: string;
}

/** Address with place suggestions; without a geocoder it is a plain text field. */
export function AddressField({ value, onChange, onPick, error, placeholder }: Props) {
  const [typed, setTyped] = useState(value);
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(typed), 400);
    return () => clearTimeout(t);
  }, [typed]);
  const suggestions = useGeocode(debounced);
  return (
    <Autocomplete<GeocodeResult, false, false, true>
      freeSolo
      options={suggestions.data ?? []}
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      inputValue={value}
      onInputChange={(_e, v, reason) => {
        if (reason === 'reset') return;
        setTyped(v);
        onChange(v);
      }}
      onChange={(_e, v) => {
        if (v && typeof v !== 'string') {
          onChange(v.label);
          onPick(v);
        }
      }}
      loading={suggestions.isFetching}
      loadingText="Buscando…"
      noOptionsText="Sin sugerencias: escriba la dirección"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Dirección"
          placeholder={placeholder}
          error={!!error}
          helperText={error ?? 'Elija una sugerencia para ubicarlo en el mapa, o escríbala a mano'}
        />
      )}
    />
  );
}
