import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { BuildingSelect } from '../BuildingSelect';

/** The required building of a form (react-hook-form), showing the shared schema's Spanish message. */
export function BuildingSelectControl<T extends FieldValues, C, O extends FieldValues>({
  name,
  control,
}: {
  name: FieldPath<T>;
  /** The form's own control, whatever its resolver turns the values into. */
  control: Control<T, C, O>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <BuildingSelect
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          required
        />
      )}
    />
  );
}
