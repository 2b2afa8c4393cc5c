import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  BUILDING_MSG,
  DIGITS_TYPING,
  IMAGE_ACCEPT,
  MSG,
  createBuildingSchema,
  updateBuildingFormSchema,
  type Building,
  type CreateBuildingInput,
} from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { usePhotoChoice } from '../../hooks/use-photo-choice';
import { useBuilding, useDeleteBuilding, useSaveBuilding } from './api';
import { AddressField } from './AddressField';
import { BuildingImage } from './BuildingImage';

type FormValues = { [K in keyof CreateBuildingInput]: string };
const EMPTY: FormValues = { name: '', cata: '', address: '', floor: '', cant_apartments: '', latitude: '', longitude: '' };

const toForm = (b: Building): FormValues => ({
  name: b.name,
  cata: b.cata,
  address: b.address,
  floor: String(b.floor),
  cant_apartments: String(b.cant_apartments),
  latitude: b.latitude === null ? '' : String(b.latitude),
  longitude: b.longitude === null ? '' : String(b.longitude),
});

/** /buildingadd and /BuildingUpdate/{id}: one form, the shared schemas of §5. */
export default function BuildingFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const current = useBuilding(id ?? 0);
  if (id !== undefined) {
    if (current.isPending) return <PageLoader />;
    if (current.isError)
      return (
        <ErrorState
          message={isApiError(current.error) ? current.error.message : undefined}
          onRetry={isApiError(current.error, 'NOT_FOUND') ? undefined : () => void current.refetch()}
        />
      );
  }
  return <BuildingForm key={id ?? 'new'} building={id !== undefined ? current.data : undefined} />;
}

function BuildingForm({ building }: { building?: Building }) {
  const editing = !!building;
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const save = useSaveBuilding();
  const remove = useDeleteBuilding();
  // A refused file is dropped, so the next save does not send it again.
  const photo = usePhotoChoice((title) => dialogs.message({ title, text: MSG.unsupportedFileHint, severity: 'error' }));
  const { image, preview } = photo;

  const { control, handleSubmit, setValue, setError } = useForm<FormValues>({
    // Edit: blank text fields keep the current values (spec §5); the coordinates are shown, so blank ones mean none.
    resolver: zodResolver(editing ? updateBuildingFormSchema : createBuildingSchema) as never,
    defaultValues: building ? toForm(building) : EMPTY,
  });

  const onValid = async (values: object) => {
    try {
      const saved = await save.mutateAsync({ id: building?.id, body: values, image });
      dialogs.toast(editing ? BUILDING_MSG.saved : BUILDING_MSG.created);
      navigate(`/buildingDetail/${saved.id}`);
    } catch (e) {
      // The server judged the file by its content.
      await handleFormError(e, setError, {
        UNSUPPORTED_MEDIA_TYPE: () => photo.reject(MSG.unsupportedFile),
        PAYLOAD_TOO_LARGE: () => photo.reject(MSG.payloadTooLarge),
        otherwise: () => dialogs.showError(e),
      });
    }
  };

  const onDelete = async () => {
    if (!building) return;
    const ok = await dialogs.confirm({
      title: BUILDING_MSG.confirmDelete,
      text: BUILDING_MSG.confirmDeleteHint,
      confirmText: 'Borrar',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(building.id);
      dialogs.toast(BUILDING_MSG.deleted);
      navigate('/buildings');
    } catch (e) {
      await dialogs.showError(e);
    }
  };

  return (
    <>
      <PageHeader title={editing ? `Editar ${building.name}` : 'Nuevo edificio'} />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, () => void dialogs.message({ title: MSG.checkData, text: MSG.required, severity: 'warning' }))}
        >
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <Stack spacing={2}>
                <TextFieldControl control={control} name="name" label="Nombre" />
                <TextFieldControl control={control} name="cata" label="Nro. catastral" />
                <Controller
                  control={control}
                  name="address"
                  render={({ field, fieldState }) => (
                    <AddressField
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                      onPick={(p) => {
                        setValue('latitude', String(p.latitude), { shouldValidate: true });
                        setValue('longitude', String(p.longitude), { shouldValidate: true });
                      }}
                      onUnpick={() => {
                        setValue('latitude', '', { shouldValidate: true });
                        setValue('longitude', '', { shouldValidate: true });
                      }}
                    />
                  )}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextFieldControl
                    control={control}
                    name="floor"
                    label="Pisos"
                    inputMode="numeric"
                    filter={DIGITS_TYPING}
                    filterMessage={MSG.onlyDigits}
                    fullWidth
                  />
                  <TextFieldControl
                    control={control}
                    name="cant_apartments"
                    label="Departamentos"
                    inputMode="numeric"
                    filter={DIGITS_TYPING}
                    filterMessage={MSG.onlyDigits}
                    fullWidth
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextFieldControl control={control} name="latitude" label="Latitud" inputMode="decimal" helperText="Opcional" fullWidth />
                  <TextFieldControl
                    control={control}
                    name="longitude"
                    label="Longitud"
                    inputMode="decimal"
                    helperText="Opcional"
                    fullWidth
                  />
                </Stack>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Stack spacing={1}>
                <Typography variant="subtitle2" component="h2">
                  Imagen
                </Typography>
                <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
                  <BuildingImage
                    src={preview ?? building?.image ?? null}
                    alt={preview ? 'Vista previa de la imagen elegida' : 'Imagen actual del edificio'}
                    height={200}
                  />
                </Box>
                <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
                  {image ? 'Cambiar imagen' : 'Elegir imagen'}
                  <input
                    type="file"
                    hidden
                    accept={IMAGE_ACCEPT}
                    aria-label="Imagen del edificio"
                    onChange={(e) => {
                      void photo.choose(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </Button>
                <Typography variant="caption" color="text.secondary" aria-live="polite">
                  {photo.preparing ? 'Preparando la imagen…' : image ? image.name : 'JPG o PNG. Opcional.'}
                </Typography>
              </Stack>
            </Grid>
          </Grid>
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            {editing && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => void onDelete()}
                loading={remove.isPending}
                sx={{ mr: { sm: 'auto' } }}
              >
                Borrar edificio
              </Button>
            )}
            <Button component={RouterLink} to={building ? `/buildingDetail/${building.id}` : '/buildings'}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending || photo.preparing}>
              {editing ? 'Guardar Cambios' : 'Crear edificio'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
