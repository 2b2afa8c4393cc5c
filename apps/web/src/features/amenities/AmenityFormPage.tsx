import { BuildingSelectControl } from '../../components/form/BuildingSelectControl';
import { useEffect, useMemo } from 'react';
import { useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { AMENITY_BOUNDS, AMENITY_MSG, createAmenitySchema, MSG, type Amenity } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { rulesFormSchema, rulesToForm, type RulesFormValues } from './admin-rules';
import { AmenityRulesFields } from './AmenityRulesFields';
import { useAmenity, useCreateAmenity, useDeleteAmenity, useUpdateAmenity } from './api';

interface FormValues {
  amenity_type: string;
  quantity: string;
  capacity: string;
  amenity_detail: string;
  building: number | '';
  rules: RulesFormValues;
}

/** The shared schema, with the rules as the form holds them (typed text, or null when off). */
const formSchema = createAmenitySchema.extend({ rules: rulesFormSchema });
type FormOutput = z.output<typeof formSchema>;

/** The order the fields appear in, for the one message the warning dialog shows. */
const FIELD_ORDER = ['amenity_type', 'quantity', 'capacity', 'amenity_detail', 'building'] as const;
const LETTERS = /^[\p{L} ]*$/u;
const DIGITS = /^\d*$/;

/** /amenityCreate and /amenityUpdate/{id} */
export default function AmenityFormPage() {
  const { id } = useParams();
  const amenityId = Number(id) || undefined;
  const existing = useAmenity(amenityId ?? 0);
  if (!amenityId) return <AmenityForm />;
  if (existing.isPending) return <PageLoader />;
  if (existing.isError)
    return (
      <ErrorState
        message={isApiError(existing.error, 'NOT_FOUND') ? 'El amenity no existe.' : undefined}
        onRetry={isApiError(existing.error, 'NOT_FOUND') ? undefined : () => void existing.refetch()}
      />
    );
  return <AmenityForm amenity={existing.data} />;
}

function AmenityForm({ amenity }: { amenity?: Amenity }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateAmenity();
  const update = useUpdateAmenity(amenity?.id ?? 0);
  const remove = useDeleteAmenity();
  const defaultValues = useMemo<FormValues>(
    () => ({
      amenity_type: amenity?.amenity_type ?? '',
      quantity: String(amenity?.quantity ?? 1),
      capacity: amenity ? String(amenity.capacity) : '',
      amenity_detail: amenity?.amenity_detail ?? '',
      building: amenity?.buildingId ?? '',
      rules: rulesToForm(amenity?.rules),
    }),
    [amenity],
  );
  const { control, handleSubmit, setError, reset } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues,
  });
  useEffect(() => reset(defaultValues), [defaultValues, reset]);
  // TextFieldControl and the rules are typed for forms whose output equals their input.
  const textControl = control as unknown as Control<FormValues>;

  const back = amenity ? `/amenities/${amenity.buildingId}` : '/amenities';

  const warnInvalid = (errors: FieldErrors<FormValues>) => {
    const first =
      FIELD_ORDER.map((f) => errors[f]?.message).find(Boolean) ??
      (errors.rules ? 'Revise las reglas de reserva' : undefined) ??
      AMENITY_MSG.fillAll;
    return dialogs.message({ title: MSG.checkData, text: first, severity: 'warning' });
  };

  const onValid = async (v: FormOutput) => {
    try {
      if (amenity) {
        await update.mutateAsync(v);
        dialogs.toast(AMENITY_MSG.updated);
      } else {
        await create.mutateAsync(v);
        dialogs.toast(AMENITY_MSG.created);
      }
      navigate(`/amenities/${v.building}`);
    } catch (e) {
      await handleFormError(e, setError, {
        VALIDATION: (err) => dialogs.message({ title: MSG.checkData, text: err.message, severity: 'warning' }),
        FORBIDDEN: () => dialogs.message({ title: MSG.forbidden, severity: 'error' }),
        otherwise: () => dialogs.showError(e, amenity ? 'No se pudo modificar el amenity' : 'No se pudo crear el amenity'),
      });
    }
  };

  const onDelete = async () => {
    if (!amenity) return;
    const ok = await dialogs.confirm({
      title: AMENITY_MSG.confirmDelete,
      text: AMENITY_MSG.confirmDeleteHelp,
      confirmText: 'Eliminar',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(amenity.id);
      dialogs.toast(AMENITY_MSG.deleted);
      navigate(back);
    } catch (e) {
      await dialogs.showError(e, 'No se pudo eliminar el amenity');
    }
  };

  return (
    <>
      <PageHeader title={amenity ? 'Editar amenity' : 'Nuevo amenity'} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <form noValidate onSubmit={handleSubmit(onValid, warnInvalid)}>
          <Stack spacing={2}>
            <TextFieldControl
              control={textControl}
              name="amenity_type"
              label="Tipo"
              required
              filter={LETTERS}
              filterMessage={AMENITY_MSG.onlyLetters}
              helperText="Por ejemplo SUM, Parrilla, Pileta"
              slotProps={{ htmlInput: { maxLength: AMENITY_BOUNDS.type.max } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextFieldControl
                control={textControl}
                name="quantity"
                label="Cantidad"
                required
                fullWidth
                filter={DIGITS}
                filterMessage={AMENITY_MSG.onlyDigits}
                helperText="Cuántos hay en el edificio"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
              <TextFieldControl
                control={textControl}
                name="capacity"
                label="Turnos disponibles"
                required
                fullWidth
                filter={DIGITS}
                filterMessage={AMENITY_MSG.onlyDigits}
                helperText="Cuántos pueden reservar el mismo horario"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
            </Stack>
            <TextFieldControl
              control={textControl}
              name="amenity_detail"
              label="Detalle"
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: AMENITY_BOUNDS.detail } }}
            />
            <BuildingSelectControl control={control} name="building" />
            <AmenityRulesFields control={control as unknown as Control<{ rules: RulesFormValues }>} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
              <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
                {amenity ? 'Guardar Cambios' : 'Crear amenity'}
              </Button>
              {amenity && (
                <Button color="error" variant="outlined" onClick={onDelete} loading={remove.isPending}>
                  Eliminar
                </Button>
              )}
              <Button onClick={() => navigate(back)}>Cancelar</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
