import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTACT_PATTERN, MSG, NAME_PATTERN, registerAdminSchema, type RegisterAdminInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { useDialogs } from '../../lib/dialogs';
import { handleFormError } from '../../lib/form-errors';
import { useRegisterAdmin } from './api';
import { PublicPageFrame } from '../../components/PublicPageFrame';

const FIELD_ORDER = ['name', 'email', 'contact', 'password'] as const;

export default function RegisterAdminPage() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const register = useRegisterAdmin();
  const { control, handleSubmit, setError, getValues } = useForm<RegisterAdminInput>({
    resolver: zodResolver(registerAdminSchema),
    defaultValues: { name: '', email: '', contact: '', password: '' },
  });

  const onValid = async (input: RegisterAdminInput) => {
    try {
      await register.mutateAsync(input);
      await dialogs.message({ title: MSG.adminCreated, text: 'Ya puede ingresar con su email y contraseña.', severity: 'success' });
      navigate('/logging', { state: { openLogin: true } });
    } catch (e) {
      await handleFormError(e, setError, {
        CONFLICT: async () => {
          setError('email', { message: MSG.adminEmailTaken });
          await dialogs.message({ title: MSG.adminCreateFailed, text: MSG.adminEmailTaken, severity: 'error' });
        },
        otherwise: () =>
          dialogs.message({ title: MSG.adminCreateFailed, text: e instanceof Error ? e.message : MSG.internal, severity: 'error' }),
      });
    }
  };

  // spec §5: an empty field gets MSG.required; otherwise the first field's own message.
  const onInvalid = (errors: FieldErrors<RegisterAdminInput>) => {
    const values = getValues();
    const empty = FIELD_ORDER.some((k) => !values[k]?.trim());
    const first = FIELD_ORDER.map((k) => errors[k]?.message).find(Boolean);
    void dialogs.message({ title: MSG.checkData, text: empty ? MSG.required : (first ?? MSG.required), severity: 'warning' });
  };

  return (
    <PublicPageFrame title="Registro de administrador">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Cree su cuenta para administrar sus edificios.
      </Typography>
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
        <Stack spacing={2}>
          <TextFieldControl
            control={control}
            name="name"
            label="Nombre"
            autoComplete="name"
            filter={NAME_PATTERN}
            filterMessage={MSG.onlyLetters}
          />
          <TextFieldControl control={control} name="email" label="Email" type="email" autoComplete="email" />
          <TextFieldControl
            control={control}
            name="contact"
            label="Teléfono de contacto"
            autoComplete="tel"
            inputMode="tel"
            filter={CONTACT_PATTERN}
            filterMessage={MSG.onlyDigitsTyping}
          />
          <TextFieldControl
            control={control}
            name="password"
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            helperText={MSG.passwordHint}
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
    </PublicPageFrame>
  );
}
