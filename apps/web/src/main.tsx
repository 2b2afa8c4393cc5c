import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './app/theme';
import { AppRoutes } from './app/router';
import { DialogsProvider } from './lib/dialogs';
import { retryServerErrors, setUnauthenticatedHandler } from './lib/api';
import { clearProfile, sessionKey, sessionQuery } from './lib/session';

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

// Every screen starts by asking who is signed in: asked now, while the screen's code downloads, not after it.
void queryClient.prefetchQuery(sessionQuery);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <DialogsProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </DialogsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
