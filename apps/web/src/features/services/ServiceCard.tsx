import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import { isPhoneNumber, roundedStars, type Service } from '@consorcio/domain';

/** "4,3" — the average as the API gives it (one decimal), written the Argentine way. */
const averageText = (avg: number) => avg.toLocaleString('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const countText = (n: number) => `${n} ${n === 1 ? 'calificación' : 'calificaciones'}`;
const starsText = (n: number) => `${n} ${n === 1 ? 'estrella' : 'estrellas'}`;

/** A number dials, anything else (an e-mail, by the schema) writes. */
export function contactHref(contact: string): string {
  return isPhoneNumber(contact) ? `tel:${contact.replace(/[^\d+]/g, '')}` : `mailto:${contact}`;
}

/** The rating line of a card: rounded stars, then "4,3 · 12 calificaciones" or "Sin calificaciones". */
export function RatingSummary({ service: s }: { service: Service }) {
  const stars = roundedStars(s.ratingAverage);
  const text = s.ratingAverage == null ? 'Sin calificaciones' : `${averageText(s.ratingAverage)} · ${countText(s.ratingCount)}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Rating
        readOnly
        value={stars}
        getLabelText={(v) => `${starsText(v)} de 5`}
        emptyIcon={<StarIcon fontSize="inherit" sx={{ opacity: 0.45 }} />}
      />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

/** One accepted service of the building, as a resident sees it. */
export function ServiceCard({ service: s, onRate }: { service: Service; onRate: (s: Service) => void }) {
  const headingId = `service-${s.id}-title`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, flexGrow: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {s.title}
        </Typography>
        <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{s.provider}</Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 0.5, flexWrap: 'wrap' }} useFlexGap>
          <Link href={contactHref(s.contact)} sx={{ overflowWrap: 'anywhere' }} aria-label={`Contactar a ${s.provider}: ${s.contact}`}>
            {s.contact}
          </Link>
          {s.enrollment && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ alignSelf: 'center' }}>
              Matrícula {s.enrollment}
            </Typography>
          )}
        </Stack>
        {s.detail && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {s.detail}
          </Typography>
        )}
        <Box sx={{ mt: 1.5 }}>
          <RatingSummary service={s} />
          {s.myRating && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Tu calificación: {s.myRating.rating}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: { xs: 2, sm: 2.5 }, pb: { xs: 2, sm: 2.5 }, pt: 0 }}>
        <Button
          variant="outlined"
          startIcon={<StarIcon />}
          onClick={() => onRate(s)}
          aria-label={`Calificar ${s.title}`}
          sx={{ minHeight: 44 }}
        >
          Calificar
        </Button>
      </CardActions>
    </Card>
  );
}

/** The place of a card while the page loads. */
export function ServiceCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Skeleton variant="text" width="60%" height={32} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="text" width="90%" sx={{ mt: 1.5 }} />
        <Skeleton variant="text" width="35%" height={30} sx={{ mt: 1 }} />
        <Skeleton variant="rounded" width={120} height={40} sx={{ mt: 1.5 }} />
      </CardContent>
    </Card>
  );
}
