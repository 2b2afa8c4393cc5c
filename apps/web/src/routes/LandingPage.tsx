import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Fade from '@mui/material/Fade';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { LoginDialog } from '../features/auth/LoginDialog';
import { oidcErrorMessage, useConsumedParams } from '../features/auth/oidc-params';
import { homeFor, useSession } from '../lib/session';

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

const PREVIEW_ROWS = [
  {
    icon: <ReceiptLongIcon color="primary" />,
    title: 'Expensas liquidadas',
    detail: '12 departamentos · prorrateo por m²',
    value: 1254300,
  },
  { icon: <EventSeatIcon color="primary" />, title: 'SUM reservado', detail: 'Sábado 19:00 · Depto 3B' },
  { icon: <ReportProblemIcon color="secondary" />, title: 'Nuevo reclamo', detail: 'Filtración en la cochera' },
];
const PREVIEW_BARS = [40, 66, 52, 88, 61, 76];
const pesos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });

/** A glimpse of the product beside the headline (decorative: screen readers skip it). */
function HeroPreview() {
  const month = new Intl.DateTimeFormat('es-AR', { month: 'long' }).format(new Date());
  return (
    <Paper elevation={12} aria-hidden sx={{ p: 3, borderRadius: '16px', color: 'text.primary' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <ApartmentIcon color="primary" />
        <Box sx={{ flexGrow: 1 }}>
          <Typography fontWeight={700}>Torre Cañada</Typography>
          <Typography variant="body2" color="text.secondary">
            Resumen de {month}
          </Typography>
        </Box>
        <Chip size="small" color="success" variant="outlined" label="Al día" />
      </Box>
      <Divider />
      {PREVIEW_ROWS.map((r) => (
        <Box key={r.title} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5 }}>
          {r.icon}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600}>
              {r.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {r.detail}
            </Typography>
          </Box>
          {r.value !== undefined && (
            <Typography variant="body2" fontWeight={700}>
              {pesos.format(r.value)}
            </Typography>
          )}
        </Box>
      ))}
      <Divider sx={{ mb: 2 }} />
      <Typography variant="caption" color="text.secondary">
        Gastos por mes
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1.5, height: 88, mt: 1, px: 1 }}>
        {PREVIEW_BARS.map((h, i) => (
          <Box
            key={i}
            sx={{
              flex: 1,
              height: `${h}%`,
              borderRadius: '6px 6px 2px 2px',
              bgcolor: i === PREVIEW_BARS.length - 1 ? 'secondary.main' : 'primary.light',
            }}
          />
        ))}
      </Box>
    </Paper>
  );
}

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
  // Back from a failed login with Google (`?oidcError=<code>`): the login dialog opens and says why.
  const returned = useConsumedParams('oidcError');
  const [oidcNotice, setOidcNotice] = useState(() => oidcErrorMessage(returned.oidcError));
  const [loginOpen, setLoginOpen] = useState(Boolean((location.state as { openLogin?: boolean } | null)?.openLogin) || !!oidcNotice);
  // While the login's welcome dialog shows, the login dialog does the navigating.
  const [signingIn, setSigningIn] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const revealed = useRevealOnScroll(headerRef);
  const [heroIn, setHeroIn] = useState(false);
  useEffect(() => setHeroIn(true), []);

  if (session.data && !signingIn) return <Navigate to={homeFor(session.data)} replace />;

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <ApartmentIcon color="primary" />
          <Typography
            variant="h6"
            component="span"
            noWrap
            sx={{ flexGrow: 1, minWidth: 0, fontWeight: 700, color: 'primary.main', fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
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
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, gap: 6, alignItems: 'center' }}>
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
            <Fade in={heroIn} timeout={1500}>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <HeroPreview />
              </Box>
            </Fade>
          </Box>
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
            <Typography id="nosotros-title" variant="h4" component="h2" gutterBottom fontWeight={700}>
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
            <Typography id="ventajas-title" variant="h4" component="h2" gutterBottom fontWeight={700}>
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
      <LoginDialog
        open={loginOpen}
        onClose={() => {
          setLoginOpen(false);
          setOidcNotice(undefined);
        }}
        onSigningIn={setSigningIn}
        notice={oidcNotice}
      />
    </Box>
  );
}
