import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginSchema, MSG, OIDC_MSG, type LoginInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { useAppConfig } from '../../hooks/use-app-config';
import { useDialogs } from '../../lib/dialogs';
import { ApiError } from '../../lib/api';
import { homeFor } from '../../lib/session';
import { OIDC_LOGIN_START, useLogin } from './api';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { OidcButton } from './OidcButton';

export function resetPath(token: string): string {
  return `/logging/restaurarcontraseña?${token}`;
}

/** How long the welcome dialog stays before going on by itself (the user may close it sooner). */
const WELCOME_MS = 1500;

/**
 * The login modal. `onSigningIn(true)` tells the page that a login is under way, so that it does not
 * leave on its own when the session appears: the welcome dialog shows first, then this navigates.
 * `notice`: why the user is here again (a failed login with Google), shown above the form.
 */
export function LoginDialog({
  open,
  onClose,
  onSigningIn,
  notice,
}: {
  open: boolean;
  onClose: () => void;
  onSigningIn?: (busy: boolean) => void;
  notice?: string;
}) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const login = useLogin();
  const config = useAppConfig();
  const [forgot, setForgot] = useState(false);
  const { control, handleSubmit, getValues } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onValid = async (input: LoginInput) => {
    onSigningIn?.(true);
    try {
      const res = await login.mutateAsync(input);
      onClose();
      if (res.first_logging && res.resetToken) {
        navigate(resetPath(res.resetToken));
        return;
      }
      // spec §8: a dialog with the server's message and 'Bienvenido {name}'.
      const welcome = MSG.welcome(res.name);
      const title = res.message || welcome;
      const entering = res.role === 'admin' ? 'Ingresando al Panel Administrador…' : 'Ingresando a Mi Consorcio…';
      await dialogs.message({ title, text: title === welcome ? entering : welcome, severity: 'success', autoCloseMs: WELCOME_MS });
      navigate(homeFor(res), { replace: true });
    } catch (e) {
      onSigningIn?.(false);
      await dialogs.message({
        title: e instanceof ApiError ? e.message : MSG.internal,
        text: MSG.tryAgain,
        severity: 'warning',
      });
    }
  };

  const onInvalid = (errors: Partial<Record<keyof LoginInput, { message?: string }>>) => {
    const first = errors.email?.message ?? errors.password?.message ?? MSG.required;
    void dialogs.message({ title: MSG.checkData, text: first, severity: 'warning' });
  };

  return (
    <>
      <Dialog open={open && !forgot} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="login-title">
        <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
          <DialogTitle id="login-title">Ingresar</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {notice && <Alert severity="warning">{notice}</Alert>}
              {config.data?.oidc && (
                <>
                  <OidcButton href={OIDC_LOGIN_START} label={OIDC_MSG.loginWithGoogle} />
                  <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>o con tu email</Divider>
                </>
              )}
              <TextFieldControl control={control} name="email" label="Email" type="email" autoComplete="username" autoFocus />
              <TextFieldControl control={control} name="password" label="Contraseña" type="password" autoComplete="current-password" />
              <Link component="button" type="button" variant="body2" onClick={() => setForgot(true)} sx={{ alignSelf: 'flex-start' }}>
                Olvidaste la constraseña?
              </Link>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="submit" variant="contained" loading={login.isPending}>
              Ingresar
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ForgotPasswordDialog open={open && forgot} onClose={() => setForgot(false)} initialEmail={forgot ? getValues('email') : ''} />
    </>
  );
}
