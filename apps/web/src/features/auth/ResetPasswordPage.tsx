import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, resetFormSchema } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { api, isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { sessionKey } from '../../lib/session';
import { PublicPageFrame } from '../../components/PublicPageFrame';

interface ResetForm {
  newPass: string;
  confirm: string;
}

/** /logging/restaurarcontraseña?<token>: choose a new password with an e-mailed (or first-login) link. */
export default function ResetPasswordPage() {
  const token = useLocation().search.slice(1);
  const tokenEmail = useQuery({
    queryKey: ['reset-token', token],
    enabled: token.length > 0,
    queryFn: () => api.post<{ email: string }>('/loggings/tokenToEmail', { token }),
    retry: false,
    staleTime: Infinity,
  });
  const invalid = !token || (isApiError(tokenEmail.error) && tokenEmail.error.status < 500);

  return (
    <PublicPageFrame title="Restaurar contraseña">
      {invalid ? (
        <InvalidLink />
      ) : tokenEmail.isError ? (
        <ErrorState onRetry={() => tokenEmail.refetch()} />
      ) : tokenEmail.isPending ? (
        <PageLoader />
      ) : (
        <ResetPasswordForm token={token} email={tokenEmail.data.email} />
      )}
    </PublicPageFrame>
  );
}

function InvalidLink() {
  const [asking, setAsking] = useState(false);
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{MSG.tokenInvalid}</Alert>
      <Typography color="text.secondary">Los enlaces valen por 60 minutos y se pueden usar una sola vez.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={() => setAsking(true)}>
          Pedir un nuevo enlace
        </Button>
        <Button component={RouterLink} to="/logging">
          Volver al inicio
        </Button>
      </Stack>
      <ForgotPasswordDialog open={asking} onClose={() => setAsking(false)} />
    </Stack>
  );
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [expired, setExpired] = useState(false);
  const { control, handleSubmit, setError } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { newPass: '', confirm: '' },
  });

  const onValid = async (input: ResetForm) => {
    setSaving(true);
    try {
      await api.put('/loggings/changepassword', { token, newPass: input.newPass });
      await qc.invalidateQueries({ queryKey: sessionKey });
      await dialogs.message({ title: MSG.passwordChanged, severity: 'success' });
      // "/" sends each role to its home, or to /logging without a session.
      navigate('/', { replace: true });
    } catch (e) {
      await handleFormError(e, setError, {
        NOT_FOUND: () => setExpired(true),
        VALIDATION: async (err) => {
          // The server's password rule (API.md): shown like the form's own check.
          const text = err.fields.newPass ?? err.message;
          setError('newPass', { message: text });
          await dialogs.message({ title: MSG.checkData, text, severity: 'warning' });
        },
        otherwise: () => dialogs.showError(e, 'No se pudo cambiar la contraseña'),
      });
    } finally {
      setSaving(false);
    }
  };
  const onInvalid = (errors: FieldErrors<ResetForm>) =>
    void dialogs.message({
      title: MSG.checkData,
      text: errors.newPass?.message ?? errors.confirm?.message ?? MSG.required,
      severity: 'warning',
    });

  if (expired) return <InvalidLink />;
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
      <Stack spacing={2}>
        <Typography color="text.secondary">Elija su nueva contraseña.</Typography>
        <TextField label="Email" value={email} autoComplete="username" slotProps={{ input: { readOnly: true } }} />
        <TextFieldControl
          control={control}
          name="newPass"
          label="Nueva Contraseña"
          type="password"
          autoComplete="new-password"
          helperText={MSG.passwordHint}
          autoFocus
        />
        <TextFieldControl control={control} name="confirm" label="Confirmar Contraseña" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" loading={saving}>
          Confirmar
        </Button>
      </Stack>
    </form>
  );
}
