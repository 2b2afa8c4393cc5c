import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GoogleIcon from '@mui/icons-material/Google';
import { CONTACT_PATTERN, MSG, NAME_PATTERN, OIDC_MSG, registerAdminSchema, type RegisterAdminInput } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { PageLoader } from '../../components/PageLoader';
import { useAppConfig } from '../../hooks/use-app-config';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { handleFormError } from '../../lib/form-errors';
import { OIDC_SIGNUP_START, useOidcSignup, useRegisterAdmin } from './api';
import { OidcButton } from './OidcButton';
import { oidcErrorMessage, useConsumedParams } from './oidc-params';
import { PublicPageFrame } from '../../components/PublicPageFrame';

const FIELD_ORDER = ['name', 'email', 'contact', 'password'] as const;

export default function RegisterAdminPage() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const register = useRegisterAdmin();
  const config = useAppConfig();
  // Back from the provider: `?oidc=<token>` (what it said about the person) or `?oidcError=<code>`.
  const returned = useConsumedParams('oidc', 'oidcError');
  const [oidcToken, setOidcToken] = useState(returned.oidc);
  const [notice, setNotice] = useState(oidcErrorMessage(returned.oidcError));
  const signup = useOidcSignup(oidcToken);
  const { control, handleSubmit, setError, getValues, reset } = useForm<RegisterAdminInput>({
    resolver: zodResolver(registerAdminSchema),
    defaultValues: { name: '', email: '', contact: '', password: '' },
  });

  // The provider's name and verified e-mail fill the form; the name stays editable.
  useEffect(() => {
    if (signup.data) reset({ ...getValues(), name: signup.data.name, email: signup.data.email });
  }, [signup.data, reset, getValues]);
  const signupFailed = signup.isError;
  useEffect(() => {
    if (!signupFailed) return;
    setOidcToken(undefined);
    setNotice(isApiError(signup.error, 'NOT_FOUND') ? OIDC_MSG.expired : OIDC_MSG.failed);
  }, [signupFailed, signup.error]);

  const linked = !!oidcToken && !!signup.data;
  // Unlinking keeps what was typed: the e-mail becomes editable and the account is created without the link.
  const unlink = () => setOidcToken(undefined);

  const onValid = async (input: RegisterAdminInput) => {
    try {
      await register.mutateAsync(linked ? { ...input, oidcToken } : input);
      const text = linked ? 'Ya puede ingresar con Google o con su email y contraseña.' : 'Ya puede ingresar con su email y contraseña.';
      await dialogs.message({ title: MSG.adminCreated, text, severity: 'success' });
      navigate('/logging', { state: { openLogin: true } });
    } catch (e) {
      await handleFormError(e, setError, {
        // The link went stale (used or older than 30 minutes): the form goes on without it.
        NOT_FOUND: async () => {
          setOidcToken(undefined);
          setNotice(OIDC_MSG.expired);
          await dialogs.message({ title: MSG.adminCreateFailed, text: OIDC_MSG.expired, severity: 'error' });
        },
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
      {notice && (
        <Alert severity="warning" onClose={() => setNotice(undefined)} closeText="Cerrar" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {oidcToken && signup.isPending && <PageLoader label="Trayendo tus datos de Google…" />}
      {config.data?.oidc && !oidcToken && (
        <>
          <OidcButton href={OIDC_SIGNUP_START} label={OIDC_MSG.continueWithGoogle} />
          <Divider sx={{ my: 3, color: 'text.secondary', typography: 'body2' }}>o completá el formulario</Divider>
        </>
      )}
      {linked && (
        <Alert
          icon={<GoogleIcon aria-hidden />}
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={unlink}>
              Desvincular
            </Button>
          }
        >
          Vinculado con tu cuenta de Google: el e-mail es el que Google verificó. Completá el teléfono y una contraseña.
        </Alert>
      )}
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
          <TextFieldControl
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            helperText={linked ? 'Vinculado con tu cuenta de Google' : undefined}
            slotProps={{ htmlInput: { readOnly: linked } }}
          />
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
