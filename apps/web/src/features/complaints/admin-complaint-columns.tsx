import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { formatDateEs, type Complaint } from '@consorcio/domain';
import type { Column } from '../../components/ServerTable';
import { ImportanceChip } from '../../components/ImportanceChip';
import { ComplaintStateChip } from './complaint-chips';

/** Shown on phones only, under the subject, where the columns it repeats are hidden. */
function PhoneOnly({ children, sx }: { children: ReactNode; sx?: object }) {
  return <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: 13, ...sx }}>{children}</Box>;
}

export const apartmentLabel = (c: Complaint) => c.apartment?.number_apartment ?? '—';

/** Marks a complaint no administrator has opened yet (neither in the bell nor in its popup). */
export function NewMarker() {
  return <Chip size="small" label="Nuevo" color="primary" sx={{ ml: 1, height: 20, fontSize: 12, verticalAlign: 'baseline' }} />;
}

/**
 * The table of /complaints: Fecha, Edificio, Depto., Residente, Asunto (opens the popup),
 * Importancia, Estado. On a phone the date and the subject are the columns; the rest rides under the subject.
 */
export function adminComplaintColumns(open: (c: Complaint) => void): Column<Complaint>[] {
  return [
    {
      key: 'date',
      header: 'Fecha',
      render: (c) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateEs(c.date)}
        </Box>
      ),
    },
    { key: 'building', header: 'Edificio', render: (c) => c.building.name, hideOnMobile: true },
    { key: 'apartment', header: 'Depto.', render: apartmentLabel, hideOnMobile: true },
    { key: 'user', header: 'Residente', render: (c) => c.user.name, hideOnMobile: true },
    {
      key: 'subject',
      header: 'Asunto',
      render: (c) => (
        <>
          <Link
            component="button"
            type="button"
            onClick={() => open(c)}
            sx={{ textAlign: 'left', verticalAlign: 'baseline', overflowWrap: 'anywhere', fontWeight: c.seen ? 400 : 700 }}
          >
            {c.subject}
          </Link>
          {!c.seen && <NewMarker />}
          <PhoneOnly sx={{ mt: 0.5 }}>
            {c.building.name} · Depto. {apartmentLabel(c)} · {c.user.name}
          </PhoneOnly>
          <PhoneOnly sx={{ mt: 0.5 }}>
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
              <ImportanceChip importance={c.importance} />
              <ComplaintStateChip state={c.state} />
            </Box>
          </PhoneOnly>
        </>
      ),
    },
    {
      key: 'importance',
      header: 'Importancia',
      render: (c) => <ImportanceChip importance={c.importance} />,
      hideOnMobile: true,
    },
    { key: 'state', header: 'Estado', render: (c) => <ComplaintStateChip state={c.state} />, hideOnMobile: true },
  ];
}
