import Chip, { type ChipProps } from '@mui/material/Chip';
import { COMPLAINT_STATE_LABEL, type ComplaintState } from '@consorcio/domain';

/** An open complaint still waits for someone, so it stands out; a closed one is grey. */
export function ComplaintStateChip({ state, size = 'small' }: { state: ComplaintState; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      label={COMPLAINT_STATE_LABEL[state]}
      color={state === 'opened' ? 'primary' : 'default'}
      variant={state === 'opened' ? 'outlined' : 'filled'}
    />
  );
}
