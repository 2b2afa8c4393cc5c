import { useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { createServiceSchema, MSG, SERVICE_MSG, type CreateServiceInput } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useCreateService } from './api';
import { SERVICE_FIELD_ORDER, ServiceFields, type ServiceFieldValues } from './ServiceFields';

/** /services/form (`?buildingId=` preselects the building): the administrator publishes a service, accepted at once. */
export default function ServiceFormPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateService();
  const { control, handleSubmit, setError } = useForm<ServiceFieldValues, unknown, CreateServiceInput>({
    resolver: zodResolver(createServiceSchema) as unknown as Resolver<ServiceFieldValues, unknown, CreateServiceInput>,
    defaultValues: { title: '', provider: '', enrollment: '', contact: '', detail: '', buildingId: Number(params.get('buildingId')) || '' },
  });
  // The fields are typed for forms whose output equals their input.
  const fieldsControl = control as unknown as Control<ServiceFieldValues>;

  const warnInvalid = (errors: FieldErrors<ServiceFieldValues>) => {
    const first = SERVICE_FIELD_ORDER.map((f) => errors[f]?.message).find(Boolean) ?? SERVICE_MSG.fill;
    return dialogs.message({ title: MSG.checkData, text: first, severity: 'warning' });
  };

  const onValid = async (v: CreateServiceInput) => {
    try {
      await create.mutateAsync(v);
      dialogs.toast(SERVICE_MSG.created);
      navigate('/services');
    } catch (e) {
      await handleFormError(e, setError, {
        VALIDATION: (err) => dialogs.message({ title: MSG.checkData, text: err.message, severity: 'warning' }),
        FORBIDDEN: () => dialogs.message({ title: MSG.forbidden, severity: 'error' }),
        NOT_FOUND: () => dialogs.message({ title: SERVICE_MSG.notCreated, text: 'El edificio no existe o no es suyo.', severity: 'error' }),
        otherwise: () => dialogs.showError(e, SERVICE_MSG.notCreated),
      });
    }
  };

  return (
    <>
      <PageHeader title="Nuevo servicio" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <form noValidate onSubmit={handleSubmit(onValid, warnInvalid)}>
          <Stack spacing={2}>
            <ServiceFields control={fieldsControl} withBuilding />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
              <Button type="submit" variant="contained" loading={create.isPending}>
                Publicar servicio
              </Button>
              <Button onClick={() => navigate('/services')}>Cancelar</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
