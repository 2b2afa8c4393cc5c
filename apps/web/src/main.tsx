import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/es';
import { theme } from './app/theme';
import { router } from './app/router';
import { DialogsProvider } from './lib/dialogs';
import { retryServerErrors, setUnauthenticatedHandler } from './lib/api';
import { clearProfile, sessionKey } from './lib/session';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: retryServerErrors,
    },
  },
});

// A call that finds the session gone sends the user back to the login.
setUnauthenticatedHandler(() => {
  clearProfile();
  queryClient.setQueryData(sessionKey, null);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es">
        <QueryClientProvider client={queryClient}>
          <DialogsProvider>
            <RouterProvider router={router} />
          </DialogsProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  </StrictMode>,
);
