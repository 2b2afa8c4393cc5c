import { TimePicker as MuiTimePicker, type TimePickerProps } from '@mui/x-date-pickers/TimePicker';
import { PickersLocalization } from './PickersLocalization';

/** MUI's TimePicker in Spanish (dayjs values); a module of its own, so that date-only screens do not load it. */
export function TimePicker(props: TimePickerProps) {
  return (
    <PickersLocalization>
      <MuiTimePicker {...props} />
    </PickersLocalization>
  );
}
