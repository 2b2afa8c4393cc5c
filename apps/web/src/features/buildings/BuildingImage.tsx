import { useState } from 'react';
import Box from '@mui/material/Box';
import ApartmentIcon from '@mui/icons-material/Apartment';

/**
 * A building's picture, or a neutral drawing when it has none (or it fails to load). `priority`: the picture the page
 * opens on (its largest paint), fetched at once instead of lazily.
 */
export function BuildingImage({
  src,
  alt,
  height = 180,
  priority = false,
}: {
  src: string | null;
  alt: string;
  height?: number | string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Box
        role="img"
        aria-label={alt}
        sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.200', color: 'grey.500' }}
      >
        <ApartmentIcon sx={{ fontSize: 64 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      sx={{ width: '100%', height, objectFit: 'cover', display: 'block' }}
    />
  );
}
