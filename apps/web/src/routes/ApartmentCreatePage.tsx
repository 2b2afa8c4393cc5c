import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { APARTMENT_MSG, apartmentCreateFormSchema } from '@consorcio/domain';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { ErrorState } from '../components/ErrorState';
import { handleFormError } from '../lib/form-errors';
import { useDialogs } from '../lib/dialogs';
import { useBuilding } from '../features/buildings/api';
import { useCreateApartment } from '../features/apartments/api';
import { ApartmentFields, apartmentFields, type ApartmentFormValues } from '../features/apartments/ApartmentFields';

// The create form checks its own bounds; the building comes from the URL.
const schema = apartmentCreateFormSchema.omit({ building: true });

/** /apartmentadd/{buildingId} */
export default function ApartmentCreatePage() {
  const buildingId = Number(useParams().buildingId);
  const building = useBuilding(buildingId);
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateApartment();
  const { control, handleSubmit, setError } = useForm<ApartmentFormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: { cata_apartment: '', mt2: '', number_apartment: '', state: '0' },
  });
  if (building.isPending) return <PageLoader />;
  if (building.isError) return <ErrorState onRetry={() => void building.refetch()} />;
  const back = `/buildingDetail/${buildingId}`;

  const onValid = async (v: ApartmentFormValues) => {
    try {
      await create.mutateAsync({
        building: buildingId,
        ...apartmentFields(v),
      });
      dialogs.toast(APARTMENT_MSG.created);
      navigate(back);
    } catch (e) {
      await handleFormError(e, setError, {
        CONFLICT: () => dialogs.message({ title: APARTMENT_MSG.createFailed, text: APARTMENT_MSG.createFailedHint, severity: 'error' }),
        otherwise: () => dialogs.showError(e, 'Creación fallida'),
      });
    }
  };

  return (
    <>
      <PageHeader title={`Nuevo departamento en ${building.data.name}`} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, () => void dialogs.message({ title: APARTMENT_MSG.fillAll, severity: 'warning' }))}
        >
          <ApartmentFields control={control} />
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={back}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Guardar
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
