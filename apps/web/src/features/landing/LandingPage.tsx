import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Fade from '@mui/material/Fade';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { LoginDialog } from '../auth/LoginDialog';
import { homeFor, useSession } from '../auth/session';

const BENEFITS = [
  {
    icon: <EventSeatIcon fontSize="large" color="primary" />,
    title: 'Salones comunes',
    text: 'Administrá los días y horarios de los espacios compartidos: los vecinos reservan desde el celular.',
  },
  {
    icon: <ReceiptLongIcon fontSize="large" color="primary" />,
    title: 'Expensas',
    text: 'Controlá las expensas del edificio: liquidación prorrateada por m², estado de pago y cobro en línea.',
  },
  {
    icon: <QueryStatsIcon fontSize="large" color="primary" />,
    title: 'Gastos',
    text: 'El total de gastos de cada edificio a un clic, por concepto y por mes.',
  },
];

/** Reveals sections once the page is scrolled past 10% of the header's height. */
function useRevealOnScroll(headerRef: React.RefObject<HTMLElement | null>) {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const check = () => {
      const threshold = (headerRef.current?.offsetHeight ?? 0) * 0.1;
      // On a screen tall enough that the page cannot scroll that far, show everything at once.
      const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY > threshold || maxScroll <= threshold) setRevealed(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [headerRef]);
  return revealed;
}

export default function LandingPage() {
  const session = useSession();
  const location = useLocation();
  const [loginOpen, setLoginOpen] = useState(Boolean((location.state as { openLogin?: boolean } | null)?.openLogin));
  const headerRef = useRef<HTMLElement>(null);
  const revealed = useRevealOnScroll(headerRef);
  const [heroIn, setHeroIn] = useState(false);
  useEffect(() => setHeroIn(true), []);

  if (session.data) return <Navigate to={homeFor(session.data)} replace />;

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <ApartmentIcon color="primary" />
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 700, color: 'primary.main' }}>
            Panel Administrador
          </Typography>
          <Button component={RouterLink} to="/registerAdmin" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Registrarse
          </Button>
          <Button variant="contained" onClick={() => setLoginOpen(true)}>
            Ingresar
          </Button>
        </Toolbar>
      </AppBar>

      <Box
        component="header"
        ref={headerRef}
        sx={{
          minHeight: { xs: '70vh', md: '80vh' },
          display: 'flex',
          alignItems: 'center',
          color: 'common.white',
          background: 'linear-gradient(135deg, #1f4e79 0%, #2f6fa8 55%, #e07a1f 140%)',
        }}
      >
        <Container>
          <Grow in={heroIn} timeout={1000}>
            <Box sx={{ maxWidth: 720 }}>
              <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.6rem' }, mb: 2 }}>
                Administrar edificios, ahora es más fácil.
              </Typography>
              <Typography variant="h6" component="p" sx={{ opacity: 0.9, mb: 4, fontWeight: 400 }}>
                Edificios, expensas, gastos, reclamos y amenities en un solo lugar, para administradores y vecinos.
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <Button variant="contained" color="secondary" size="large" onClick={() => setLoginOpen(true)}>
                  Ingresar
                </Button>
                <Button variant="outlined" color="inherit" size="large" component={RouterLink} to="/registerAdmin">
                  Crear cuenta de administrador
                </Button>
              </Box>
            </Box>
          </Grow>
          <Box sx={{ textAlign: 'center', mt: 6 }}>
            <IconButton component="a" href="#nosotros" aria-label="Ver más" sx={{ color: 'common.white' }}>
              <ExpandMoreIcon fontSize="large" />
            </IconButton>
          </Box>
        </Container>
      </Box>

      <Container component="main" sx={{ py: 8 }}>
        <Fade in={revealed} timeout={1000}>
          <Box component="section" id="nosotros" aria-labelledby="nosotros-title" sx={{ mb: 8, scrollMarginTop: 80 }}>
            <Typography id="nosotros-title" variant="h4" component="h2" gutterBottom>
              Quiénes somos
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 800, fontSize: '1.1rem' }}>
              Somos una empresa de software de Córdoba, Argentina. Trabajamos junto a administradores de consorcios para que la gestión de
              cada edificio sea clara para todos: el administrador carga gastos y liquida expensas en minutos, y cada vecino ve lo que paga,
              reserva espacios comunes y hace sus reclamos desde el celular.
            </Typography>
          </Box>
        </Fade>
        <Fade in={revealed} timeout={1000}>
          <Box component="section" aria-labelledby="ventajas-title">
            <Typography id="ventajas-title" variant="h4" component="h2" gutterBottom>
              Ventajas
            </Typography>
            <Grid container spacing={3}>
              {BENEFITS.map((b, i) => (
                <Grid key={b.title} size={{ xs: 12, md: 4 }}>
                  <Grow in={revealed} timeout={1500 * (i + 1)}>
                    <Card sx={{ height: '100%' }}>
                      <CardContent>
                        {b.icon}
                        <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                          {b.title}
                        </Typography>
                        <Typography color="text.secondary">{b.text}</Typography>
                      </CardContent>
                    </Card>
                  </Grow>
                </Grid>
              ))}
            </Grid>
          </Box>
        </Fade>
      </Container>
      <Box component="footer" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">© {new Date().getFullYear()} Panel Administrador · Córdoba, Argentina</Typography>
      </Box>
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </Box>
  );
}
