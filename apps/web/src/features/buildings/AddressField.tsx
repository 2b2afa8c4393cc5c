import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { GeocodeResult } from '@consorcio/domain';
import { useAppConfig } from '../../hooks/use-app-config';
import { useGeocode } from './api';

interface Props {
  value: string;
  onChange: (address: string) => void;
  /** A suggestion was chosen: its coordinates fill latitude and longitude. */
  onPick: (place: GeocodeResult) => void;
  /** The text of a chosen suggestion was changed: its coordinates no longer describe it. */
  onUnpick: () => void;
  error?: string;
  placeholder?: string;
}

/** Address with place suggestions; without a geocoder (GEOCODER_URL=off) it is a plain text field. */
export function AddressField(props: Props) {
  const config = useAppConfig();
  if (config.data?.geocoder === false) {
    const { value, onChange, error, placeholder } = props;
    return (
      <TextField
        label="Dirección"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        error={!!error}
        helperText={error ?? 'Escriba la dirección; latitud y longitud se completan a mano si las conoce'}
        fullWidth
      />
    );
  }
  return <AddressSearch {...props} />;
}

function AddressSearch({ value, onChange, onPick, onUnpick, error, placeholder }: Props) {
  const [typed, setTyped] = useState(value);
  const [debounced, setDebounced] = useState('');
  // The address text came from a suggestion (and the coordinates with it).
  const picked = useRef(false);
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
      // Never holding the chosen option: choosing the same suggestion again must fill the coordinates again.
      value={null}
      inputValue={value}
      onInputChange={(_e, v, reason) => {
        if (reason === 'reset') return;
        setTyped(v);
        onChange(v);
        // Typing over (or clearing) a chosen suggestion: its coordinates would now point elsewhere.
        if ((reason === 'input' || reason === 'clear') && picked.current) {
          picked.current = false;
          onUnpick();
        }
      }}
      onChange={(_e, v) => {
        if (v && typeof v !== 'string') {
          onChange(v.label);
          onPick(v);
          picked.current = true;
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
