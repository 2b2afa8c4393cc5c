import Chip, { type ChipProps } from '@mui/material/Chip';
import { COMPLAINT_STATE_LABEL, IMPORTANCE_LABEL, type ComplaintState, type Importance } from '@consorcio/domain';

// The alerts' colours (features do not import each other): the same importance reads the same everywhere.
const IMPORTANCE_COLOR: Record<Importance, ChipProps['color']> = { alta: 'error', media: 'warning', baja: 'default' };

export function ComplaintImportanceChip({ importance, size = 'small' }: { importance: Importance; size?: ChipProps['size'] }) {
  return <Chip size={size} label={IMPORTANCE_LABEL[importance]} color={IMPORTANCE_COLOR[importance]} />;
}

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
