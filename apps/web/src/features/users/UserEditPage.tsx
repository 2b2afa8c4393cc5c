import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DIGITS_TYPING, MSG, NAME_TYPING, updateUserSchema, USER_MSG, userStateLabel, type User } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { useDialogs } from '../../lib/dialogs';
import { isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useUpdateUser, useUser } from './api';

/** Editar usuario (/userupdate/:id, /userUpdate/:id) or, read-only, Usuario (/userView/:id). */
export function UserEditScreen({ readOnly }: { readOnly: boolean }) {
  const id = Number(useParams().id);
  const user = useUser(Number.isInteger(id) && id > 0 ? id : undefined);
  if (!(id > 0) || (user.isError && isApiError(user.error, 'NOT_FOUND'))) {
    return <ErrorState message="El usuario no existe o no pertenece a sus edificios." />;
  }
  if (user.isError) return <ErrorState onRetry={() => user.refetch()} />;
  if (user.isPending) return <PageLoader />;
  return readOnly ? <UserView user={user.data} /> : <UserForm user={user.data} />;
}

function UserView({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Nombre', user.name],
    ['Email', user.email],
    ['Contacto', user.contact],
    ['Edificio', user.building.name],
    ['Departamento', user.apartment.number_apartment],
    ['Estado', userStateLabel(user.isDeleted)],
  ];
  return (
    <>
      <PageHeader
        title="Usuario"
        actions={
          <Button component={RouterLink} to={`/userupdate/${user.id}`} variant="contained">
            Editar
          </Button>
        }
      />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          {rows.map(([k, v]) => (
            <div key={k}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {v}
              </Typography>
            </div>
          ))}
        </Stack>
        {user.first_logging && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Todavía no eligió su contraseña: lo hará en su primer ingreso.
          </Typography>
        )}
        <Button component={RouterLink} to="/userDetail" sx={{ mt: 2 }}>
          Volver
        </Button>
      </Paper>
    </>
  );
}

// The id travels in the URL, not in the form.
const userFormSchema = updateUserSchema.omit({ id: true });
type UserFormValues = z.output<typeof userFormSchema>;

function UserForm({ user }: { user: User }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const { control, handleSubmit, setError, reset } = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: { name: user.name, email: user.email, contact: user.contact, isDeleted: user.isDeleted },
  });
  useEffect(() => reset({ name: user.name, email: user.email, contact: user.contact, isDeleted: user.isDeleted }), [user, reset]);

  // spec §5: one warning for any invalid field; each field's own message stays in its helper text.
  const fillAllWarning = () => dialogs.message({ title: MSG.checkData, text: USER_MSG.editFillAll, severity: 'warning' });

  const onValid = async (input: UserFormValues) => {
    if (input.isDeleted && !user.isDeleted) {
      const ok = await dialogs.confirm({
        title: `¿Deshabilitar a ${user.name}?`,
        text: 'No podrá ingresar y sus sesiones abiertas se cerrarán ahora.',
        confirmText: 'Deshabilitar',
        destructive: true,
      });
      if (!ok) return;
    }
    try {
      await update.mutateAsync(input);
      await dialogs.message({ title: USER_MSG.updated, severity: 'success' });
      navigate('/userDetail');
    } catch (e) {
      await handleFormError(e, setError, {
        CONFLICT: async () => {
          setError('email', { message: USER_MSG.emailTakenHint });
          await dialogs.message({ title: USER_MSG.emailTaken, text: USER_MSG.emailTakenHint, severity: 'error' });
        },
        // The server's field rules: the details go under the fields, the dialog says what spec §5 says.
        VALIDATION: fillAllWarning,
        otherwise: () => dialogs.showError(e, 'No se pudo guardar'),
      });
    }
  };

  return (
    <>
      <PageHeader title="Editar usuario" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <form onSubmit={handleSubmit(onValid, () => void fillAllWarning())} noValidate>
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {user.building.name} · Departamento {user.apartment.number_apartment}
            </Typography>
            <TextFieldControl control={control} name="name" label="Nombre" filter={NAME_TYPING} filterMessage={MSG.onlyLetters} />
            <TextFieldControl control={control} name="email" label="Email" type="email" />
            <TextFieldControl
              control={control}
              name="contact"
              label="Contacto"
              inputMode="numeric"
              filter={DIGITS_TYPING}
              filterMessage={MSG.onlyDigitsTyping}
            />
            <Controller
              control={control}
              name="isDeleted"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="user-state-label">Estado</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="user-state-label"
                    value={field.value ? 'banned' : 'allowed'}
                    onChange={(e) => field.onChange(e.target.value === 'banned')}
                  >
                    <FormControlLabel value="allowed" control={<Radio />} label={USER_MSG.allowed} />
                    <FormControlLabel value="banned" control={<Radio />} label={USER_MSG.banned} />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <Button onClick={() => navigate('/userDetail')}>Cancelar</Button>
              <Button type="submit" variant="contained" loading={update.isPending}>
                Guardar Cambios
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

export default function UserEditPage() {
  return <UserEditScreen readOnly={false} />;
}
