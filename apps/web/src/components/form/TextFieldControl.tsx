import { useState } from 'react';
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
  // The typing filter's note lives here, not in the form's errors: it describes the last keystroke,
  // so the next accepted one clears it, and a later submit's own message replaces it.
  const [rejected, setRejected] = useState<{ submitCount: number } | null>(null);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const filterNote = rejected && rejected.submitCount === formState.submitCount ? filterMessage : undefined;
        const message = filterNote ?? fieldState.error?.message;
        return (
          <TextField
            {...rest}
            {...field}
            value={field.value ?? ''}
            onChange={(e) => {
              const v = e.target.value;
              if (filter && v !== '' && !filter.test(v)) {
                setRejected({ submitCount: formState.submitCount });
                return;
              }
              setRejected(null);
              field.onChange(v);
            }}
            error={!!message}
            helperText={message ?? helperText}
          />
        );
      }}
    />
  );
}
