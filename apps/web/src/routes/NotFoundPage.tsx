import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { EmptyState } from '../components/EmptyState';

export default function NotFoundPage() {
  return (
    <EmptyState
      title="No encontramos la página que busca."
      action={
        <Button component={RouterLink} to="/" variant="contained">
          Volver al inicio
        </Button>
      }
    />
  );
}
