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
import { EXPENSE_MSG, formatDateEs, formatDateShortEs, formatPesos, monthNameEs, todayIso, sumPesos } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useSettlement } from './api';

const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0%` : '—';

/** Bold headers like the app's other tables; tighter cells on a phone so every column fits. */
const tableSx = { '& th': { fontWeight: 700 }, '& td, & th': { px: { xs: 1, sm: 2 } } };
/** The totals row reads like the rows above it, only bold. */
const footerSx = { '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } };
/** A second line shown on phones only (its own column is hidden there); never printed, where the column is. */
const phoneOnlyLine = { display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12, '@media print': { display: 'none' } };

/**
 * Printing shows the statement only: no app bar, drawer or buttons. Paper (A4 is narrower than md)
 * must not lose the columns a phone screen hides, so those cells carry PRINT_CELL and come back.
 */
const PRINT_CELL = 'print-cell';
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '14mm 12mm' },
      '@media print': {
        'header, nav, .MuiDrawer-root, .no-print': { display: 'none !important' },
        main: { padding: '0 !important', width: '100% !important', marginLeft: '0 !important' },
        'main > .MuiToolbar-root': { display: 'none !important' },
        body: { background: '#fff' },
        '.MuiPaper-root': { boxShadow: 'none !important' },
        [`.${PRINT_CELL}`]: { display: 'table-cell !important' },
        '.MuiTableCell-root': { fontSize: '10pt', padding: '4px 8px' },
        'tr, .statement-block': { breakInside: 'avoid' },
      },
    }}
  />
);
/** A column hidden below a breakpoint on screen, always printed. */
const hiddenBelow = (bp: 'sm' | 'md') => ({ className: PRINT_CELL, sx: { display: { xs: 'none', [bp]: 'table-cell' } } });

/** A settled month: what was spent, by concept, and what each apartment pays. Admins and the building's residents (their own row stands out). */
export default function SettlementPage({ backTo, ownApartmentId }: { backTo?: string; ownApartmentId?: number }) {
  const params = useParams();
  const buildingId = Number(params.buildingId);
  const year = Number(params.year);
  const month = Number(params.month);
  const q = useSettlement(buildingId, year, month);
  if (q.isPending) return <PageLoader />;
  if (q.isError)
    return <ErrorState message={isApiError(q.error, 'NOT_FOUND') ? `${EXPENSE_MSG.notSettled}.` : undefined} onRetry={() => q.refetch()} />;
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
          <Figure label="Liquidado el" value={formatDateEs(todayIso(new Date(s.settledAt)))} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Cada departamento paga el total de gastos del mes multiplicado por su superficie sobre la superficie total, redondeado al centavo
          de modo que la suma de las expensas sea exactamente el total.
        </Typography>
      </Paper>

      <Section title="Gastos por concepto">
        <Table size="small" aria-label="Gastos por concepto" sx={tableSx}>
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
          <TableFooter sx={footerSx}>
            <TableRow>
              <TableCell>Total</TableCell>
              <TableCell align="right">{formatPesos(s.total)}</TableCell>
              <TableCell align="right">{pct(s.total, s.total)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Section>

      <Section title="Expensas por departamento">
        <Table size="small" aria-label="Expensas por departamento" sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Depto</TableCell>
              <TableCell {...hiddenBelow('sm')}>Nro. catastral</TableCell>
              <TableCell align="right" {...hiddenBelow('sm')}>
                m2
              </TableCell>
              <TableCell align="right">Parte</TableCell>
              <TableCell align="right">Expensa</TableCell>
              {showStatus && <TableCell {...hiddenBelow('sm')}>Estado</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {s.items.map((i) => (
              <TableRow key={i.apartmentId} selected={i.apartmentId === ownApartmentId}>
                <TableCell>
                  {i.number_apartment}
                  {i.apartmentId === ownApartmentId && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
                      Su depto
                    </Box>
                  )}
                </TableCell>
                <TableCell {...hiddenBelow('sm')}>{i.cata_apartment}</TableCell>
                <TableCell align="right" {...hiddenBelow('sm')}>
                  {i.mt2.toLocaleString('es-AR')}
                </TableCell>
                <TableCell align="right">
                  {pct(i.mt2, s.totalMt2)}
                  {/* On a phone the area and the status ride under the share and the amount. */}
                  <Box component="span" sx={phoneOnlyLine}>
                    {i.mt2.toLocaleString('es-AR')} m2
                  </Box>
                </TableCell>
                <TableCell align="right">
                  {formatPesos(i.amount)}
                  {i.status && (
                    <Box component="span" sx={phoneOnlyLine}>
                      {i.status}
                    </Box>
                  )}
                </TableCell>
                {showStatus && <TableCell {...hiddenBelow('sm')}>{i.status}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter sx={footerSx}>
            <TableRow>
              <TableCell>Total</TableCell>
              <TableCell {...hiddenBelow('sm')} />
              <TableCell align="right" {...hiddenBelow('sm')}>
                {s.totalMt2.toLocaleString('es-AR')}
              </TableCell>
              <TableCell align="right">{pct(s.totalMt2, s.totalMt2)}</TableCell>
              <TableCell align="right">{formatPesos(sumPesos(s.items.map((i) => i.amount)))}</TableCell>
              {showStatus && <TableCell {...hiddenBelow('sm')} />}
            </TableRow>
          </TableFooter>
        </Table>
      </Section>

      <Section title="Detalle de gastos">
        <Table size="small" aria-label="Detalle de gastos" sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>Fecha</TableCell>
              <TableCell>Concepto</TableCell>
              <TableCell {...hiddenBelow('sm')}>Proveedor</TableCell>
              <TableCell {...hiddenBelow('md')}>Detalle</TableCell>
              <TableCell align="right">Monto</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.spendings.map((sp) => (
              <TableRow key={sp.id}>
                <TableCell>{formatDateShortEs(sp.date)}</TableCell>
                <TableCell>{sp.concept}</TableCell>
                <TableCell {...hiddenBelow('sm')}>{sp.supplier}</TableCell>
                <TableCell {...hiddenBelow('md')}>{sp.details}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(sp.amount)}
                </TableCell>
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
      <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ px: { xs: 1, sm: 2 }, pt: 1.5 }}>
        {title}
      </Typography>
      <TableContainer>{children}</TableContainer>
    </Paper>
  );
}
