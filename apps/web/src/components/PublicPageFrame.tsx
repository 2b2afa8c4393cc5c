import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';

/** The frame of the screens outside the app (sign-up, password reset, unsubscribe): brand link home, then a card. */
export function PublicPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 5 } }}>
      <Box component="header" sx={{ mb: { xs: 2, sm: 3 } }}>
        <Link
          component={RouterLink}
          to="/logging"
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.1rem' }}
        >
          <ApartmentIcon aria-hidden />
          Panel Administrador
        </Link>
      </Box>
      <Paper component="main" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom fontWeight={700}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}
