import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A clearly marked place on a page that later work fills in. */
export function SectionPlaceholder({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary' }} data-placeholder={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2">Próximamente.</Typography>
    </Paper>
  );
}
