import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { Building } from '@consorcio/domain';
import { PageLoader } from '../../components/PageLoader';
import { WhenVisible } from '../../components/WhenVisible';

// Leaflet is the heaviest part of the home page: it loads once the map comes near the screen, into a box of fixed size.
const BuildingsMapView = lazy(() => import('./BuildingsMapView'));

/** One marker per building; one without coordinates sits at the default centre (spec). */
export function BuildingsMap({ buildings, tileUrl }: { buildings: Building[]; tileUrl: string }) {
  return (
    <Box
      component="section"
      aria-label="Mapa de edificios"
      sx={{ height: { xs: 320, md: 420 }, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}
    >
      <WhenVisible height="100%">
        <Suspense fallback={<PageLoader label="Cargando mapa…" />}>
          <BuildingsMapView buildings={buildings} tileUrl={tileUrl} />
        </Suspense>
      </WhenVisible>
    </Box>
  );
}
