import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { esES as pickersEsES } from '@mui/x-date-pickers/locales';

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f4e79' },
      secondary: { main: '#e07a1f' },
      background: { default: '#f4f6f9' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "DejaVu Sans", sans-serif',
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  },
  esES,
  pickersEsES,
);
