import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import { IMPORTANCE, IMPORTANCE_LABEL, type Importance } from '@consorcio/domain';

/** One colour per importance, the same for alerts and complaints: in chips, the calendar and popups. */
const CHIP_COLOR: Record<Importance, ChipProps['color']> = { alta: 'error', media: 'warning', baja: 'default' };

/** The calendar paints events itself: the theme's colours (white text on them passes 4.5:1). */
export function importanceColor(theme: Theme, importance: Importance): string {
  if (importance === 'alta') return theme.palette.error.main;
  if (importance === 'media') return theme.palette.warning.main;
  return theme.palette.grey[700];
}

export function ImportanceChip({ importance, size = 'small' }: { importance: Importance; size?: ChipProps['size'] }) {
  return <Chip size={size} label={IMPORTANCE_LABEL[importance]} color={CHIP_COLOR[importance]} />;
}

/** An importance read from the URL; anything else means "Todas". */
export function parseImportance(v: string): Importance | undefined {
  return (IMPORTANCE as readonly string[]).includes(v) ? (v as Importance) : undefined;
}
