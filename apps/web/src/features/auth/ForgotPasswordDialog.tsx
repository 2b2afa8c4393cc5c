import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { forgotPasswordSchema, MSG, type ForgotPasswordInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { api, isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';

/** Asks for the e-mail and sends a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: { open: boolean; onClose: () => void; initialEmail?: string }) {
  const dialogs = useDialogs();
  const send = useMutation({ mutationFn: (input: ForgotPasswordInput) => api.post<{ message: string }>('/loggings/sendEmail', input) });
  const { control, handleSubmit, reset } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  // Starts from what was typed in the login form, if anything.
  useEffect(() => {
    if (open) reset({ email: initialEmail });
  }, [open, initialEmail, reset]);

  const onValid = async (input: ForgotPasswordInput) => {
    try {
      const res = await send.mutateAsync(input);
      reset();
      onClose();
      await dialogs.message({
        title: res.message ?? MSG.checkMail,
        text: 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña.',
        severity: 'success',
      });
    } catch (e) {
      // VALIDATION is the e-mail check (spec §5); anything else (RATE_LIMITED, network) is an error.
      if (isApiError(e, 'VALIDATION')) {
        await dialogs.message({ title: MSG.checkData, text: e.fields.email ?? e.message, severity: 'warning' });
      } else await dialogs.showError(e, 'Error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="forgot-title">
      <form
        onSubmit={handleSubmit(
          onValid,
          (errors) =>
            void dialogs.message({ title: MSG.checkData, text: errors.email?.message ?? MSG.emailInvalidReset, severity: 'warning' }),
        )}
        noValidate
      >
        <DialogTitle id="forgot-title">Restablecer contraseña</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Ingrese su correo y le enviaremos un enlace para elegir una nueva contraseña.
          </DialogContentText>
          <TextFieldControl control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Volver</Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            Enviar enlace
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
