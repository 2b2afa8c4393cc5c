import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';

const localeText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The pickers' Spanish dayjs localization, around each picker rather than the whole app: only the screens that
 * show a picker load the pickers, dayjs and the adapter.
 */
export function PickersLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
