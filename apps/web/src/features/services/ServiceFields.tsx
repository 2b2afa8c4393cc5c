import { BuildingSelectControl } from '../../components/form/BuildingSelectControl';
/**
 * The fields of a service, shared by the administrator's form (/services/form) and the resident's
 * proposal (/public/services/{buildingId}). Owned by helper B; helper C uses it as is.
 *
 * Usage: `useForm<ServiceFieldValues, unknown, CreateServiceInput>({ resolver: zodResolver(createServiceSchema) ... })`
 * then `<ServiceFields control={control} />`, adding `withBuilding` where the building is chosen
 * (the administrator's form). Without it the form sets `buildingId` itself (the resident's own building).
 * Validation and its Spanish messages come from `createServiceSchema` (SERVICE_MSG); the enrollment
 * field also refuses non-digits as they are typed ('Solo puedes ingresar numeros!').
 */
import type { Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { MSG, SERVICE_BOUNDS } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';

/** What the form holds while typing (the building select holds '' until one is chosen). */
export interface ServiceFieldValues {
  title: string;
  provider: string;
  enrollment: string;
  contact: string;
  detail: string;
  buildingId: number | '';
}

/** The order the fields appear in, for the one message a warning dialog shows. */
export const SERVICE_FIELD_ORDER = ['title', 'provider', 'enrollment', 'contact', 'detail', 'buildingId'] as const;

const DIGITS = /^\d*$/;

interface Props {
  /** Any form whose values include the service fields; cast from a resolver-typed control if needed. */
  control: Control<ServiceFieldValues>;
  /** Show the building select (administrator); residents propose for their own building. */
  withBuilding?: boolean;
}

export function ServiceFields({ control, withBuilding = false }: Props) {
  return (
    <Stack spacing={2}>
      <TextFieldControl
        control={control}
        name="title"
        label="Título"
        required
        helperText="Por ejemplo Plomería, Cerrajería 24 h"
        slotProps={{ htmlInput: { maxLength: SERVICE_BOUNDS.title } }}
      />
      <TextFieldControl
        control={control}
        name="provider"
        label="Proveedor"
        required
        helperText="Nombre de la persona o la empresa"
        slotProps={{ htmlInput: { maxLength: SERVICE_BOUNDS.provider } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextFieldControl
          control={control}
          name="enrollment"
          label="Matrícula"
          fullWidth
          filter={DIGITS}
          filterMessage={MSG.onlyDigits}
          helperText="Opcional, solo números"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SERVICE_BOUNDS.enrollment } }}
        />
        <TextFieldControl
          control={control}
          name="contact"
          label="Contacto"
          required
          fullWidth
          helperText="Un teléfono o un correo electrónico"
          slotProps={{ htmlInput: { maxLength: SERVICE_BOUNDS.contact } }}
        />
      </Stack>
      <TextFieldControl
        control={control}
        name="detail"
        label="Detalle"
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: SERVICE_BOUNDS.detail } }}
      />
      {withBuilding && <BuildingSelectControl control={control} name="buildingId" />}
    </Stack>
  );
}
