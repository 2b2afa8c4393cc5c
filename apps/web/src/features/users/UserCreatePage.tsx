import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { createUserSchema, DIGITS_TYPING, MSG, NAME_TYPING, USER_MSG, type CreateUserInput } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { ApartmentSelect, BuildingSelect } from '../../components/BuildingSelect';
import { useDialogs } from '../../lib/dialogs';
import { handleFormError } from '../../lib/form-errors';
import { useCreateUser } from './api';

interface FormValues {
  name: string;
  email: string;
  password: string;
  contact: string;
  isDeleted: boolean;
  building: number | '';
  apartment: number | '';
}

const FIELD_ORDER = ['name', 'email', 'password', 'contact', 'building', 'apartment'] as const;

/** Nuevo usuario: a resident in one apartment of my buildings; they choose their own password on first login. */
export default function UserCreatePage() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const create = useCreateUser();
  const { control, handleSubmit, setError, setValue, getValues } = useForm<FormValues, unknown, CreateUserInput>({
    resolver: zodResolver(createUserSchema) as unknown as Resolver<FormValues, unknown, CreateUserInput>,
    defaultValues: { name: '', email: '', password: '', contact: '', isDeleted: false, building: '', apartment: '' },
  });
  const building = useWatch({ control, name: 'building' });

  const onValid = async (input: CreateUserInput) => {
    try {
      await create.mutateAsync(input);
      dialogs.toast(USER_MSG.created);
      navigate(`/userDetail?buildingId=${input.building}`);
    } catch (e) {
      await handleFormError(e, setError, {
        CONFLICT: async () => {
          setError('email', { message: USER_MSG.emailTakenHint });
          await dialogs.message({ title: USER_MSG.emailTaken, text: USER_MSG.emailTakenHint, severity: 'error' });
        },
        otherwise: () => dialogs.showError(e, 'No se pudo crear el usuario'),
      });
    }
  };

  // spec §5: an empty field gets MSG.required; otherwise the first field's own message.
  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const values = getValues();
    const empty = FIELD_ORDER.some((k) => String(values[k]).trim() === '');
    const first = FIELD_ORDER.map((k) => errors[k]?.message).find(Boolean);
    void dialogs.message({ title: MSG.checkData, text: empty ? MSG.required : (first ?? MSG.required), severity: 'warning' });
  };

  return (
    <>
      <PageHeader title="Nuevo usuario" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
          <Stack spacing={2}>
            <TextFieldControl
              control={control}
              name="name"
              label="Nombre"
              autoComplete="off"
              filter={NAME_TYPING}
              filterMessage={MSG.onlyLetters}
              required
            />
            <TextFieldControl control={control} name="email" label="Email" type="email" autoComplete="off" required />
            <TextFieldControl
              control={control}
              name="password"
              label="Contraseña inicial"
              type="password"
              autoComplete="new-password"
              helperText={`${MSG.passwordHint}. El vecino elegirá la suya al ingresar.`}
              required
            />
            <TextFieldControl
              control={control}
              name="contact"
              label="Teléfono de contacto"
              inputMode="numeric"
              autoComplete="off"
              filter={DIGITS_TYPING}
              filterMessage={MSG.onlyDigitsTyping}
              required
            />
            <Controller
              control={control}
              name="building"
              render={({ field, fieldState }) => (
                <BuildingSelect
                  value={field.value}
                  onChange={(id) => {
                    field.onChange(id);
                    setValue('apartment', '');
                  }}
                  onBlur={field.onBlur}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  required
                />
              )}
            />
            <Controller
              control={control}
              name="apartment"
              render={({ field, fieldState }) => (
                <ApartmentSelect
                  buildingId={building}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={!building}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? (building ? undefined : 'Primero elija el edificio')}
                  required
                />
              )}
            />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              <Button onClick={() => navigate('/userDetail')}>Cancelar</Button>
              <Button type="submit" variant="contained" loading={create.isPending}>
                Crear usuario
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
