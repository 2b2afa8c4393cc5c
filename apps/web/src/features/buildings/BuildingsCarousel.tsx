import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Building } from '@consorcio/domain';
import { BuildingImage } from './BuildingImage';

/**
 * A row of building cards: swipe on phones (scroll snap), previous/next buttons elsewhere.
 * Plain scrolling keeps every card reachable by keyboard and screen readers.
 */
export function BuildingsCarousel({ buildings }: { buildings: Building[] }) {
  const track = useRef<HTMLDivElement>(null);
  const move = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.querySelector<HTMLElement>('[data-card]');
    el.scrollBy({ left: dir * ((card?.offsetWidth ?? 300) + 16), behavior: 'smooth' });
  };
  return (
    <Box component="section" aria-roledescription="carrusel" aria-label="Mis edificios" sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 1 }}>
        <IconButton aria-label="Edificio anterior" onClick={() => move(-1)} size="small" sx={{ border: 1, borderColor: 'divider' }}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label="Edificio siguiente" onClick={() => move(1)} size="small" sx={{ border: 1, borderColor: 'divider' }}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        ref={track}
        role="list"
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          pb: 1,
          scrollbarWidth: 'thin',
        }}
      >
        {buildings.map((b, i) => (
          <Card
            key={b.id}
            role="listitem"
            aria-roledescription="diapositiva"
            aria-label={b.name}
            data-card
            variant="outlined"
            sx={{ flex: { xs: '0 0 85%', sm: '0 0 calc(50% - 8px)', md: '0 0 calc(33.333% - 11px)' }, scrollSnapAlign: 'start' }}
          >
            <BuildingImage src={b.image} alt={`Foto de ${b.name}`} height={170} priority={i === 0} />
            <CardContent sx={{ pb: 0 }}>
              <Typography variant="h6" component="h2" noWrap title={b.name}>
                {b.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={b.address}>
                {b.address}
              </Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to={`/buildingDetail/${b.id}`} aria-label={`Detalle de ${b.name}`}>
                Detalle
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
