import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { SERVICE_BOUNDS, type Service } from '@consorcio/domain';
import { useBuildingServices } from './api';

/** How long typing rests before the cards and the suggestions follow it. */
const DEBOUNCE_MS = 250;
const SUGGESTIONS = 6;

interface Props {
  buildingId: number;
  /** The search the cards show (the URL's `?q=`). */
  value: string;
  onSearch: (q: string) => void;
}

/**
 * The title search: typing filters the cards (after a short rest) and suggests matching titles,
 * both found by the server, ignoring case and accents; choosing a suggestion searches that title.
 */
export function ServiceSearch({ buildingId, value, onSearch }: Props) {
  const [typed, setTyped] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The URL changed from elsewhere (back, a link): the box shows what the cards show.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== typed.trim()) setTyped(value);
  }

  const suggestions = useBuildingServices(buildingId, { q: value, sort: 'az', page: 1, pageSize: SUGGESTIONS });
  // While the typed text is being looked up the last answer's titles would mislead: "Buscando…" instead.
  const options = suggestions.isPlaceholderData ? [] : (suggestions.data?.items ?? []);

  const searchNow = (q: string) => {
    clearTimeout(timer.current);
    onSearch(q.trim());
  };

  return (
    <Autocomplete<Service, false, false, true>
      freeSolo
      options={options}
      // The server already matched them; a second filter here would undo its accent folding.
      filterOptions={(o) => o}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.title)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.id)}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props} style={{ minHeight: 44 }}>
          {o.title}
        </li>
      )}
      value={null}
      inputValue={typed}
      onInputChange={(_e, v, reason) => {
        if (reason === 'reset') return;
        setTyped(v);
        if (reason === 'clear') return searchNow('');
        clearTimeout(timer.current);
        timer.current = setTimeout(() => onSearch(v.trim()), DEBOUNCE_MS);
      }}
      onChange={(_e, v) => {
        if (v == null) return;
        const title = typeof v === 'string' ? v : v.title;
        setTyped(title);
        searchNow(title);
      }}
      loading={suggestions.isFetching}
      loadingText="Buscando…"
      noOptionsText="Ningún título coincide"
      sx={{ flex: 1, minWidth: { sm: 280 }, maxWidth: { sm: 480 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Buscar por título"
          placeholder="Por ejemplo plomería"
          slotProps={{
            htmlInput: { ...params.inputProps, maxLength: SERVICE_BOUNDS.q, enterKeyHint: 'search' },
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
