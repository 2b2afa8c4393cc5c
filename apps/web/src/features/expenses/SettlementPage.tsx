import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { formatDateEs, formatDateShortEs, formatPesos, monthNameEs } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { ApiError } from '../../lib/api';
import { useSettlement } from './api';

const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toLocaleString('es-AR', { maximumFractionDigits: 2 })}\u00a0%` : '—';

/** Printing shows the statement only: no app bar, drawer or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .no-print': { display: 'none !important' },
        main: { padding: '0 !important' },
        'main > .MuiToolbar-root': { display: 'none !important' },
        body: { background: '#fff' },
        '.MuiPaper-root': { boxShadow: 'none !important' },
        'tr, .statement-block': { breakInside: 'avoid' },
      },
    }}
  />
);

/** A settled month: what was spent, by concept, and what each apartment pays. Admins and the building's residents. */
export default function SettlementPage({ backTo }: { backTo?: string }) {
  const params = useParams();
  const buildingId = Number(params.buildingId);
  const year = Number(params.year);
  const month = Number(params.month);
  const q = useSettlement(buildingId, year, month);
  if (q.isPending) return <PageLoader />;
  if (q.isError)
    return (
      <ErrorState
        message={q.error instanceof ApiError && q.error.status === 404 ? 'Ese mes no tiene expensas liquidadas.' : undefined}
        onRetry={() => q.refetch()}
      />
    );
  const s = q.data;
  const showStatus = s.items.some((i) => i.status);
  return (
    <>
      {printStyles}
      <PageHeader
        title={`Liquidación ${monthNameEs(s.month)} ${s.year}`}
        actions={
          <Box className="no-print" sx={{ display: 'flex', gap: 1 }}>
            <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={backTo ?? '/ExpensesTable'}>
              Volver
            </Button>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Imprimir
            </Button>
          </Box>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} className="statement-block">
        <Typography variant="h6" component="h2">
          {s.building.name}
        </Typography>
        <Typography color="text.secondary">
          {s.building.address} · Catastro {s.building.cata}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 5 }, mt: 2 }}>
          <Figure label="Total de gastos del mes" value={formatPesos(s.total)} />
          <Figure label="Superficie total" value={`${s.totalMt2.toLocaleString('es-AR')} m2`} />
          <Figure label="Liquidado el" value={formatDateEs(s.settledAt)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Cada departamento paga el total de gastos del mes multiplicado por su superficie sobre la superficie total, redondeado al centavo
          de modo que la suma de las expensas sea exactamente el total.
        </Typography>
      </Paper>

      <Section title="Gastos por concepto">
        <Table size="small" aria-label="Gastos por concepto">
          <TableHead>
            <TableRow>
              <TableCell>Concepto</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">%</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.byConcept.map((c) => (
              <TableRow key={c.concept}>
                <TableCell>{c.concept}</TableCell>
                <TableCell align="right">{formatPesos(c.total)}</TableCell>
                <TableCell align="right">{pct(c.total, s.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Total</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatPesos(s.total)}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </Section>

      <Section title="Expensas por departamento">
        <Table size="small" aria-label="Expensas por departamento">
          <TableHead>
            <TableRow>
              <TableCell>Depto</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Nro. catastral</TableCell>
              <TableCell align="right">m2</TableCell>
              <TableCell align="right">Parte</TableCell>
              <TableCell align="right">Expensa</TableCell>
              {showStatus && <TableCell>Estado</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {s.items.map((i) => (
              <TableRow key={i.apartmentId}>
                <TableCell>{i.number_apartment}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{i.cata_apartment}</TableCell>
                <TableCell align="right">{i.mt2.toLocaleString('es-AR')}</TableCell>
                <TableCell align="right">{pct(i.mt2, s.totalMt2)}</TableCell>
                <TableCell align="right">{formatPesos(i.amount)}</TableCell>
                {showStatus && <TableCell>{i.status}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title="Detalle de gastos">
        <Table size="small" aria-label="Detalle de gastos">
          <TableHead>
            <TableRow>
              <TableCell>Fecha</TableCell>
              <TableCell>Concepto</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Proveedor</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Detalle</TableCell>
              <TableCell align="right">Monto</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.spendings.map((sp) => (
              <TableRow key={sp.id}>
                <TableCell>{formatDateShortEs(sp.date)}</TableCell>
                <TableCell>{sp.concept}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{sp.supplier}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{sp.details}</TableCell>
                <TableCell align="right">{formatPesos(sp.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" fontWeight={700}>
        {value}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ mb: 2 }} component="section" aria-label={title} className="statement-block">
      <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <TableContainer>{children}</TableContainer>
    </Paper>
  );
}
