import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Building } from '@consorcio/domain';
import { BuildingImage } from './BuildingImage';

/** One term and its value: a <div> group directly inside the <dl>. */
function Fact({ label, value, wide = false }: { label: string; value: string | number; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * A building's picture and facts (address, cadastre, floors, apartments): the image on top on
 * phones, beside the facts from md on. The page's heading names the building.
 */
export function BuildingPresentation({ building: b }: { building: Building }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
        <BuildingImage src={b.image} alt={`Foto de ${b.name}`} height={220} />
      </Box>
      <Box
        component="dl"
        sx={{
          p: 2,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
          alignContent: 'start',
          flex: 1,
        }}
      >
        <Fact label="Dirección" value={b.address} wide />
        <Fact label="Nro. catastral" value={b.cata} />
        <Fact label="Pisos" value={b.floor} />
        <Fact label="Departamentos" value={b.cant_apartments} />
      </Box>
    </Paper>
  );
}
