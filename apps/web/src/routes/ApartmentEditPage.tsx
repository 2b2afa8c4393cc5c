import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import DeleteIcon from '@mui/icons-material/Delete';
import { APARTMENT_MSG, apartmentEditFormSchema, formatMt2, type Apartment } from '@consorcio/domain';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { ErrorState } from '../components/ErrorState';
import { isApiError } from '../lib/api';
import { handleFormError } from '../lib/form-errors';
import { useDialogs } from '../lib/dialogs';
import { useBuilding } from '../features/buildings/api';
import { useApartment, useDeleteApartment, useUpdateApartment } from '../features/apartments/api';
import { ApartmentFields, apartmentFields, type ApartmentFormValues } from '../features/apartments/ApartmentFields';

/** /apartment/{id} */
export default function ApartmentEditPage() {
  const id = Number(useParams().id);
  const q = useApartment(id);
  if (q.isPending) return <PageLoader />;
  if (q.isError)
    return (
      <ErrorState
        message={isApiError(q.error, 'NOT_FOUND') ? 'No se encontró el departamento.' : undefined}
        onRetry={isApiError(q.error, 'NOT_FOUND') ? undefined : () => void q.refetch()}
      />
    );
  return <ApartmentEditForm key={q.data.id} apartment={q.data} />;
}

function ApartmentEditForm({ apartment }: { apartment: Apartment }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const update = useUpdateApartment();
  const remove = useDeleteApartment();
  const building = useBuilding(apartment.buildingId);
  const back = `/buildingDetail/${apartment.buildingId}`;
  const { control, handleSubmit, setError } = useForm<ApartmentFormValues>({
    resolver: zodResolver(apartmentEditFormSchema) as never,
    defaultValues: {
      cata_apartment: apartment.cata_apartment,
      // Two decimals: the edit form asks for at least 3 characters (spec §5).
      mt2: formatMt2(apartment.mt2),
      number_apartment: apartment.number_apartment,
      state: apartment.state === 1 ? '1' : '0',
    },
  });

  const onValid = async (v: ApartmentFormValues) => {
    try {
      await update.mutateAsync({
        id: apartment.id,
        body: apartmentFields(v),
      });
      dialogs.toast(APARTMENT_MSG.saved);
      navigate(back);
    } catch (e) {
      await handleFormError(e, setError, {
        CONFLICT: () => dialogs.message({ title: APARTMENT_MSG.editFailed, text: APARTMENT_MSG.editFailedHint, severity: 'error' }),
        otherwise: () => dialogs.showError(e, APARTMENT_MSG.editFailed),
      });
    }
  };

  const onDelete = async () => {
    const ok = await dialogs.confirm({ title: APARTMENT_MSG.confirmDelete, confirmText: 'Eliminar', destructive: true });
    if (!ok) return;
    try {
      await remove.mutateAsync(apartment.id);
      dialogs.toast(APARTMENT_MSG.deleted);
      navigate(back);
    } catch (e) {
      if (isApiError(e, 'CONFLICT')) {
        await dialogs.message({ title: APARTMENT_MSG.deleteFailed, text: APARTMENT_MSG.deleteFailedHint, severity: 'error' });
      } else await dialogs.showError(e);
    }
  };

  return (
    <>
      <PageHeader title={`Departamento ${apartment.number_apartment}${building.data ? ` en ${building.data.name}` : ''}`} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, () => void dialogs.message({ title: APARTMENT_MSG.fillAll, severity: 'warning' }))}
        >
          <ApartmentFields control={control} />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => void onDelete()}
              loading={remove.isPending}
              sx={{ mr: { sm: 'auto' } }}
            >
              Eliminar
            </Button>
            <Button onClick={() => navigate(back)}>Cancelar</Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              Guardar Cambios
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
