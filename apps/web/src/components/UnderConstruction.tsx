import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { PageHeader } from './PageHeader';

/** Placeholder for screens that later work fills in. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <ConstructionIcon fontSize="large" />
        <Typography>Esta sección está en construcción.</Typography>
      </Paper>
    </>
  );
}
