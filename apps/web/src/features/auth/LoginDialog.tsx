import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { loginSchema, MSG, type LoginInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { useDialogs } from '../../lib/dialogs';
import { ApiError } from '../../lib/api';
import { homeFor, useLogin } from './session';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export function resetPath(token: string): string {
  return `/logging/restaurarcontraseña?${token}`;
}

export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const login = useLogin();
  const [forgot, setForgot] = useState(false);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onValid = async (input: LoginInput) => {
    try {
      const res = await login.mutateAsync(input);
      onClose();
      if (res.first_logging && res.resetToken) {
        navigate(resetPath(res.resetToken));
        return;
      }
      dialogs.toast(res.message);
      navigate(homeFor(res), { replace: true });
    } catch (e) {
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
      <ForgotPasswordDialog open={open && forgot} onClose={() => setForgot(false)} />
    </>
  );
}
