import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f4e79' },
      // Deep enough for white text at 4.5:1 (the lighter #e07a1f gave 3:1).
      secondary: { main: '#b85a0c' },
      // Text on white (the "Adeudada" chips) and white on the colour (filled toasts) need 4.5:1:
      // MUI's warning #ed6c02 gave 3.1:1 and its info #0288d1 3.9:1.
      warning: { main: '#b45309' },
      info: { main: '#0277bd' },
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
      // A disabled field's hint says how to enable it, so it stays readable (MUI greys it below 4.5:1).
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
    },
  },
  // The pickers' Spanish texts come with the pickers (components/PickersLocalization.tsx).
  esES,
);
