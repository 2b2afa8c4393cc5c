import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, registerAdminSchema, type RegisterAdminInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { useDialogs } from '../../lib/dialogs';
import { ApiError } from '../../lib/api';
import { useRegisterAdmin } from './session';

export default function RegisterAdminPage() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const register = useRegisterAdmin();
  const { control, handleSubmit, setError } = useForm<RegisterAdminInput>({
    resolver: zodResolver(registerAdminSchema),
    defaultValues: { name: '', email: '', contact: '', password: '' },
  });

  const onValid = async (input: RegisterAdminInput) => {
    try {
      await register.mutateAsync(input);
      await dialogs.message({ title: MSG.adminCreated, text: 'Ya puede ingresar con su email y contraseña.', severity: 'success' });
      navigate('/logging', { state: { openLogin: true } });
    } catch (e) {
      if (e instanceof ApiError) for (const [k, v] of Object.entries(e.fields)) setError(k as keyof RegisterAdminInput, { message: v });
      await dialogs.message({
        title: MSG.adminCreateFailed,
        text: e instanceof ApiError ? e.message : MSG.internal,
        severity: 'error',
      });
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom fontWeight={700}>
          Registro de administrador
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Cree su cuenta para administrar sus edificios.
        </Typography>
        <form
          onSubmit={handleSubmit(onValid, () => void dialogs.message({ title: MSG.checkData, text: MSG.required, severity: 'warning' }))}
          noValidate
        >
          <Stack spacing={2}>
            <TextFieldControl
              control={control}
              name="name"
              label="Nombre"
              autoComplete="name"
              filter={/^[\p{L} .'-]*$/u}
              filterMessage={MSG.onlyLetters}
            />
            <TextFieldControl control={control} name="email" label="Email" type="email" autoComplete="email" />
            <TextFieldControl
              control={control}
              name="contact"
              label="Teléfono de contacto"
              autoComplete="tel"
              inputMode="tel"
              filter={/^[\d+-]*$/}
              filterMessage={MSG.onlyDigitsTyping}
            />
            <TextFieldControl
              control={control}
              name="password"
              label="Contraseña"
              type="password"
              autoComplete="new-password"
              helperText="Entre 8 y 60 caracteres, con 1 número, 1 mayúscula y 1 minúscula"
            />
            <Button type="submit" variant="contained" size="large" loading={register.isPending}>
              Crear cuenta
            </Button>
            <Typography variant="body2" textAlign="center">
              ¿Ya tiene cuenta?{' '}
              <Link component={RouterLink} to="/logging" state={{ openLogin: true }}>
                Ingresar
              </Link>
            </Typography>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
