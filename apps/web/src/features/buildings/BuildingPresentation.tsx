import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Building } from '@consorcio/domain';
import { Fact } from '../../components/Fact';
import { BuildingImage } from './BuildingImage';

/**
 * A building's picture and facts (address, cadastre, floors, apartments): the image on top on
 * phones, beside the facts from md on. The page's heading names the building.
 */
export function BuildingPresentation({ building: b }: { building: Building }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
        <BuildingImage src={b.image} alt={`Foto de ${b.name}`} height={220} priority />
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
        <Fact label="Dirección" wide>
          {b.address}
        </Fact>
        <Fact label="Nro. catastral">{b.cata}</Fact>
        <Fact label="Pisos">{b.floor}</Fact>
        <Fact label="Departamentos">{b.cant_apartments}</Fact>
      </Box>
    </Paper>
  );
}
