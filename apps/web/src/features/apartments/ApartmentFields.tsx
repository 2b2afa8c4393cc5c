import { Controller, type Control } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { APARTMENT_MSG, MT2_CHARS, parseMt2 } from '@consorcio/domain';
import { TextFieldControl } from '../../components/form/TextFieldControl';

export interface ApartmentFormValues {
  cata_apartment: string;
  mt2: string;
  number_apartment: string;
  state: '0' | '1';
}

/** The form's values as the API takes them (create and edit alike). */
export function apartmentFields(v: ApartmentFormValues) {
  return {
    cata_apartment: v.cata_apartment,
    mt2: parseMt2(v.mt2),
    number_apartment: v.number_apartment,
    // The resolver hands back the schema's output: the state is already a number.
    state: Number(v.state) === 1 ? 1 : 0,
  } as const;
}

/** The fields shared by the create and edit forms; the bounds come from each form's schema. */
export function ApartmentFields({ control }: { control: Control<ApartmentFormValues> }) {
  return (
    <Stack spacing={2}>
      <TextFieldControl
        control={control}
        name="number_apartment"
        label="Número de departamento"
        helperText="Mayúsculas, números y guion (ej. 1A, PB)"
      />
      <TextFieldControl control={control} name="cata_apartment" label="Nro. catastral del departamento" />
      <TextFieldControl
        control={control}
        name="mt2"
        label="Superficie (m²)"
        inputMode="decimal"
        filter={MT2_CHARS}
        filterMessage={APARTMENT_MSG.mt2Chars}
        helperText="Por ejemplo 62,50"
      />
      <Controller
        control={control}
        name="state"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="apartment-state-label">Ocupación</FormLabel>
            <RadioGroup row aria-labelledby="apartment-state-label" {...field}>
              <FormControlLabel value="1" control={<Radio />} label="OCUPADO" />
              <FormControlLabel value="0" control={<Radio />} label="DESOCUPADO" />
            </RadioGroup>
          </FormControl>
        )}
      />
    </Stack>
  );
}
