import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';

/**
 * A complaint's photo in a 4:3 box that is sized before the picture arrives (nothing below it
 * jumps); a click or Enter opens it whole in a dialog. Nothing at all when there is no photo.
 */
export function ComplaintImage({ src, alt }: { src: string | null; alt: string }) {
  const [open, setOpen] = useState(false);
  // Keyed by src, so a new preview gets a fresh chance after an earlier one failed.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const titleId = useId();
  if (!src) return null;
  const failed = failedSrc === src;

  const frame = { width: '100%', maxWidth: 480, aspectRatio: '4 / 3', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100' } as const;
  if (failed)
    return (
      <Box
        sx={{
          ...frame,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          color: 'text.secondary',
        }}
      >
        <BrokenImageIcon fontSize="large" aria-hidden />
        <Typography variant="body2">No se pudo cargar la foto</Typography>
      </Box>
    );

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        focusRipple
        sx={{ ...frame, display: 'block', position: 'relative', '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main' } }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          onError={() => setFailedSrc(src)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            display: 'flex',
            p: 0.5,
            borderRadius: '50%',
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
          }}
        >
          <ZoomInIcon fontSize="small" />
        </Box>
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="lg" fullWidth>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {alt}
        </DialogTitle>
        <DialogContent sx={{ p: { xs: 1, sm: 2 } }}>
          <Box component="img" src={src} alt={alt} sx={{ display: 'block', width: '100%', maxHeight: '75vh', objectFit: 'contain' }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setOpen(false)}>
            Cerrar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
