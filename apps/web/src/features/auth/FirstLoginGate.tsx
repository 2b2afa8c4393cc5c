import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, USER_MSG, type SessionProfile } from '@consorcio/domain';
import { api } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { LOGOUT_FAILED, useLogout } from '../../lib/session';

/**
 * Shown instead of the app while a user created by an administrator has not chosen a password
 * (the server refuses everything else too). The link from the login is gone if they left the
 * reset screen, so they can get one by e-mail.
 */
export function FirstLoginGate({ profile }: { profile: SessionProfile }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const logout = useLogout();
  const send = useMutation({ mutationFn: () => api.post<{ message: string }>('/loggings/sendEmail', { email: profile.email }) });

  const sendLink = async () => {
    try {
      const res = await send.mutateAsync();
      await dialogs.message({
        title: res.message ?? MSG.checkMail,
        text: `Le enviamos un enlace a ${profile.email}.`,
        severity: 'success',
      });
    } catch (e) {
      await dialogs.showError(e, 'Error');
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom fontWeight={700}>
          Bienvenido {profile.name}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {USER_MSG.mustChoosePassword}.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={sendLink} loading={send.isPending}>
            Enviarme el enlace por correo
          </Button>
          <Button
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: () => navigate('/logging', { replace: true }),
                onError: (e) => void dialogs.showError(e, LOGOUT_FAILED),
              })
            }
          >
            Cerrar sesión
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
