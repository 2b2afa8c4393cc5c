import { DatePicker as MuiDatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { PickersLocalization } from './PickersLocalization';

/** MUI's DatePicker in Spanish (dayjs values). */
export function DatePicker(props: DatePickerProps) {
  return (
    <PickersLocalization>
      <MuiDatePicker {...props} />
    </PickersLocalization>
  );
}
