import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
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
import { LOGIN_ATTR, MONTH_ATTR, REVEAL_ATTR, YEAR_ATTR } from './prerendered';

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
            Resumen de <span {...{ [MONTH_ATTR]: '' }}>{month}</span>
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

export interface LandingViewProps {
  /** The hero's entrance. */
  heroIn: boolean;
  /** The company section and the benefits, shown once the page is scrolled. */
  revealed: boolean;
  /** Whether transitions already `in` when mounted play their entrance (not when taking over the static page). */
  appear: boolean;
  headerRef?: Ref<HTMLElement>;
  /** Opens the login dialog; the static page has none (its script loads the app on the click). */
  onLogin?: () => void;
}

/**
 * The landing's markup, rendered both by the app (routes/LandingPage) and at build time to static HTML
 * (scripts/prerender.ts): it holds no state and reads nothing from the browser.
 */
export function LandingView({ heroIn, revealed, appear, headerRef, onLogin }: LandingViewProps) {
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
          <Button variant="contained" onClick={onLogin} {...{ [LOGIN_ATTR]: 'header' }}>
            Ingresar
          </Button>
        </Toolbar>
      </AppBar>

      {/* The page's banner is the app bar above; the hero is a region named by its heading. */}
      <Box
        component="section"
        aria-labelledby="hero-title"
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
            <Grow in={heroIn} appear={appear} timeout={1000}>
              <Box className="landing-hero-text" sx={{ maxWidth: 720 }}>
                <Typography id="hero-title" variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.6rem' }, mb: 2 }}>
                  Administrar edificios, ahora es más fácil.
                </Typography>
                <Typography variant="h6" component="p" sx={{ opacity: 0.9, mb: 4, fontWeight: 400 }}>
                  Edificios, expensas, gastos, reclamos y amenities en un solo lugar, para administradores y vecinos.
                </Typography>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <Button variant="contained" color="secondary" size="large" onClick={onLogin} {...{ [LOGIN_ATTR]: 'hero' }}>
                    Ingresar
                  </Button>
                  <Button variant="outlined" color="inherit" size="large" component={RouterLink} to="/registerAdmin">
                    Crear cuenta de administrador
                  </Button>
                </Box>
              </Box>
            </Grow>
            <Fade in={heroIn} appear={appear} timeout={1500}>
              <Box className="landing-hero-preview" sx={{ display: { xs: 'none', md: 'block' } }}>
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
        <Fade in={revealed} appear={appear} timeout={1000}>
          <Box
            component="section"
            id="nosotros"
            aria-labelledby="nosotros-title"
            sx={{ mb: 8, scrollMarginTop: 80 }}
            {...{ [REVEAL_ATTR]: 'fade:1000' }}
          >
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
        <Fade in={revealed} appear={appear} timeout={1000}>
          <Box component="section" aria-labelledby="ventajas-title" {...{ [REVEAL_ATTR]: 'fade:1000' }}>
            <Typography id="ventajas-title" variant="h4" component="h2" gutterBottom fontWeight={700}>
              Ventajas
            </Typography>
            <Grid container spacing={3}>
              {BENEFITS.map((b, i) => (
                <Grid key={b.title} size={{ xs: 12, md: 4 }}>
                  <Grow in={revealed} appear={appear} timeout={1500 * (i + 1)}>
                    <Card sx={{ height: '100%' }} {...{ [REVEAL_ATTR]: `grow:${1500 * (i + 1)}` }}>
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
        <Typography variant="body2">
          © <span {...{ [YEAR_ATTR]: '' }}>{new Date().getFullYear()}</span> Panel Administrador · Córdoba, Argentina
        </Typography>
      </Box>
    </Box>
  );
}
