import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Reintentar
          </Button>
        )
      }
    >
      {message ?? 'No se pudieron cargar los datos.'}
    </Alert>
  );
}
