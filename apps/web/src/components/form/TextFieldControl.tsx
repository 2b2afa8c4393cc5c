import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Rejects typed characters that do not match (e.g. digits only), showing `filterMessage`. */
  filter?: RegExp;
  filterMessage?: string;
};

/** A text field bound to react-hook-form, showing the shared schema's Spanish message. */
export function TextFieldControl<T extends FieldValues>({ name, control, filter, filterMessage, helperText, ...rest }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          onChange={(e) => {
            const v = e.target.value;
            if (filter && v !== '' && !filter.test(v)) {
              control.setError(name, { type: 'filter', message: filterMessage });
              return;
            }
            field.onChange(v);
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
