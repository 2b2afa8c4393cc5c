import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  EXPENSE_MSG,
  PAYMENT_MSG,
  formatPesos,
  monthIndex,
  monthNameEs,
  type ApartmentExpenses,
  type Expense,
  sumPesos,
} from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { visuallyHidden } from '../../components/visually-hidden';
import { ErrorState } from '../../components/ErrorState';
import { ApartmentSelect, BuildingSelect } from '../../components/BuildingSelect';
import { useApartmentOptions } from '../../hooks/use-building-options';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useDialogs } from '../../lib/dialogs';
import { useExpensesByApartments } from './api';
import { ExpenseStatusButton } from './ExpenseStatusButton';
import { paymentMethodLabel, receiptPath } from './payment-labels';

/** Spec §9: the grids show 5 rows. */
const PAGE_SIZE = 5;

/** /ExpensesTable: one collapsible row per apartment with its expenses. */
export default function ExpensesTablePage() {
  const filters = useUrlFilters();
  const buildingId = filters.id('buildingId');
  const apartmentId = filters.id('apartmentId');
  const page = filters.page;
  const dialogs = useDialogs();
  const [apartmentMenuOpen, setApartmentMenuOpen] = useState(false);
  const apartments = useApartmentOptions(buildingId);
  const numberApartment = apartments.data?.find((a) => a.id === apartmentId)?.number_apartment;
  const list = useExpensesByApartments({
    buildingId,
    number_apartment: numberApartment,
    page: page + 1,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title="Expensas" />
      <Paper variant="outlined" component="section" aria-label="Filtros" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <BuildingSelect
            size="small"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            allLabel="Todos"
            value={buildingId ?? ''}
            onChange={(id) => filters.setFilters({ buildingId: id, apartmentId: undefined })}
          />
          <ApartmentSelect
            size="small"
            allLabel="Todos"
            buildingId={buildingId}
            value={apartmentId ?? ''}
            onChange={(id) => filters.setFilters({ apartmentId: id })}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                // Without a building there is nothing to choose: explain instead of opening an empty list.
                open: apartmentMenuOpen,
                onOpen: () => {
                  if (buildingId) setApartmentMenuOpen(true);
                  else void dialogs.message({ title: EXPENSE_MSG.apartmentNeedsBuilding, severity: 'warning' });
                },
                onClose: () => setApartmentMenuOpen(false),
              },
            }}
          />
        </Box>
      </Paper>
      {list.isError ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Expensas por departamento">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}>
                    <Box component="span" sx={visuallyHidden}>
                      Expensas
                    </Box>
                  </TableCell>
                  <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>Edificio</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>Nro. catastral</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>Depto</TableCell>
                  <TableCell sx={{ fontWeight: 700 }} align="right">
                    m2
                  </TableCell>
                  <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }} align="right">
                    Adeudado
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody aria-busy={list.isFetching}>
                {!list.data ? (
                  Array.from({ length: PAGE_SIZE }, (_, i) => (
                    <TableRow key={i}>
                      <TableCell colSpan={6}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))
                ) : list.data.items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      No hay departamentos para estos filtros.
                    </TableCell>
                  </TableRow>
                ) : (
                  list.data.items.map((a) => <ApartmentRow key={a.id} apartment={a} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={list.data?.total ?? 0}
            page={list.data ? Math.min(page, Math.max(0, Math.ceil(list.data.total / PAGE_SIZE) - 1)) : 0}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_e, p) => filters.setPage(p)}
          />
        </Paper>
      )}
    </>
  );
}

function ApartmentRow({ apartment: a }: { apartment: ApartmentExpenses }) {
  const [open, setOpen] = useState(false);
  const owed = sumPesos(a.expenses.filter((e) => e.status === 'Adeudada').map((e) => e.amount));
  const detailId = `expenses-of-${a.id}`;
  const statementPath = (e: Expense) => `/settlements/${a.buildingId}/${e.year}/${monthIndex(e.month)}`;
  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell>
          <IconButton
            size="small"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={`Ver expensas del depto ${a.number_apartment}`}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{a.building.name}</TableCell>
        <TableCell>
          {a.cata_apartment}
          {/* On narrower screens the building's column is hidden: its name goes under the cadastral number. */}
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
            {a.building.name}
          </Typography>
        </TableCell>
        <TableCell>
          {a.number_apartment}
          {a.archived && (
            <Chip
              size="small"
              variant="outlined"
              label={EXPENSE_MSG.archivedApartment}
              title="Departamento eliminado: se muestra mientras tenga expensas"
              sx={{ ml: 1, height: 20, fontSize: 12 }}
            />
          )}
          {/* On a phone the Adeudado column is hidden: what is owed goes under the number. */}
          {owed > 0 && (
            <Typography variant="caption" color="warning.dark" sx={{ display: { xs: 'block', sm: 'none' } }}>
              Adeuda {formatPesos(owed)}
            </Typography>
          )}
        </TableCell>
        <TableCell align="right">{a.mt2.toLocaleString('es-AR')}</TableCell>
        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {formatPesos(owed)}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell sx={{ py: 0, px: { xs: 1, sm: 2 } }} colSpan={6}>
          <Collapse in={open} timeout="auto" unmountOnExit id={detailId}>
            <Box sx={{ my: 1.5, ml: { xs: 0, sm: 6 } }}>
              {a.expenses.length === 0 ? (
                <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
                  Este departamento todavía no tiene expensas.
                </Typography>
              ) : (
                <Table
                  size="small"
                  aria-label={`Expensas del depto ${a.number_apartment}`}
                  sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>Mes</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Año</TableCell>
                      <TableCell align="right">Monto</TableCell>
                      <TableCell>Estado</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Pago</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Liquidación</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {a.expenses.map((e) => (
                      <TableRow key={e.id}>
                        <TableCell>
                          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                            {monthNameEs(e.month)}
                          </Box>
                          {/* On a phone the month and year open the statement themselves, so the status button fits. */}
                          <Link
                            component={RouterLink}
                            to={statementPath(e)}
                            aria-label={`Ver liquidación de ${monthNameEs(e.month)} ${e.year}`}
                            sx={{ display: { sm: 'none' } }}
                          >
                            {monthNameEs(e.month)} {e.year}
                          </Link>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{e.year}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatPesos(e.amount)}
                        </TableCell>
                        <TableCell>
                          <ExpenseStatusButton expense={e} label={`${monthNameEs(e.month)} ${e.year}, depto ${a.number_apartment}`} />
                          {/* On a phone the Pago column is hidden: its receipt goes under the status. */}
                          <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                            <PaymentSummary expense={e} apartmentNumber={a.number_apartment} compact />
                          </Box>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          <PaymentSummary expense={e} apartmentNumber={a.number_apartment} />
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          <Link component={RouterLink} to={statementPath(e)}>
                            Ver liquidación
                          </Link>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** Who took the money, with the receipt; `compact` (phones) leaves out the method. */
function PaymentSummary({
  expense: e,
  apartmentNumber,
  compact = false,
}: {
  expense: Expense;
  apartmentNumber: string;
  compact?: boolean;
}) {
  if (e.payment) {
    return (
      <Typography variant="body2" component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
        {!compact && <span>{paymentMethodLabel(e.payment)}</span>}
        <Link
          component={RouterLink}
          to={receiptPath(e.payment.paymentId)}
          aria-label={`Comprobante de ${monthNameEs(e.month)} ${e.year}, depto ${apartmentNumber}`}
        >
          Comprobante
        </Link>
      </Typography>
    );
  }
  if (e.paymentInProcess) {
    return (
      <Typography variant="body2" component="span" color="info.main">
        {PAYMENT_MSG.inProcess}
      </Typography>
    );
  }
  return compact ? null : (
    <Typography variant="body2" component="span" color="text.secondary">
      —
    </Typography>
  );
}
