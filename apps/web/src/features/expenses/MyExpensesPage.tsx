import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAYMENT_MSG, formatPesos, monthIndex, monthNameEs, sumPesos, type Expense } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { EmptyState } from '../../components/EmptyState';
import { useSession } from '../../lib/session';
import { useApartmentExpenses } from './api';
import { PayExpenseButton } from './PayExpenseButton';
import { PaymentReturnAlert } from './PaymentReturnAlert';
import { receiptPath } from './payment-labels';

/** /public/expenses/{apartmentNumber}/{apartmentName}: the resident's own apartment, from the session. */
export default function MyExpensesPage() {
  const { apartmentNumber } = useParams();
  const session = useSession();
  const apartment = session.data?.apartment ?? undefined;
  const q = useApartmentExpenses(apartment?.id, { refetchOnFocus: true });
  const owed = sumPesos((q.data?.items ?? []).filter((e) => e.status === 'Adeudada').map((e) => e.amount));

  return (
    <>
      <PageHeader title="Mis expensas" />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {session.data?.building?.name ?? ''} · Depto {apartment?.number_apartment ?? apartmentNumber}
      </Typography>
      <PaymentReturnAlert />
      {session.isPending || (apartment && q.isPending) ? (
        <PageLoader />
      ) : q.isError || session.isError ? (
        <ErrorState onRetry={() => q.refetch()} />
      ) : !q.data || q.data.items.length === 0 ? (
        <EmptyState title="Todavía no tiene expensas liquidadas." />
      ) : (
        <>
          <Typography sx={{ mb: 2 }} fontWeight={700} aria-live="polite">
            {owed > 0 ? `Adeudado: ${formatPesos(owed)}` : 'Está al día. ¡Gracias!'}
          </Typography>
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label="Mis expensas" sx={{ '& th': { fontWeight: 700 }, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Año</TableCell>
                    <TableCell>Mes</TableCell>
                    <TableCell align="right">Monto</TableCell>
                    <TableCell>Estado</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {q.data.items.map((e) => (
                    <TableRow key={e.id}>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{e.year}</TableCell>
                      <TableCell>
                        {/* The month opens its statement; on a phone the year goes with it. */}
                        <Link
                          component={RouterLink}
                          to={`/public/settlements/${apartment!.buildingId}/${e.year}/${monthIndex(e.month)}`}
                          aria-label={`Ver liquidación de ${monthNameEs(e.month)} ${e.year}`}
                        >
                          {monthNameEs(e.month)}
                          <Box component="span" sx={{ display: { sm: 'none' } }}>
                            {' '}
                            {e.year}
                          </Box>
                        </Link>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatPesos(e.amount)}
                      </TableCell>
                      <TableCell>
                        <ExpenseState expense={e} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </>
  );
}

/** Spec §2: Pagar only while Adeudada and nothing is in process; once Pagada, its receipt. */
function ExpenseState({ expense: e }: { expense: Expense }) {
  const period = `${monthNameEs(e.month)} ${e.year}`;
  if (e.status === 'Pagada') {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Chip size="small" label="Pagada" color="success" variant="outlined" />
        {e.payment && (
          <Link component={RouterLink} to={receiptPath(e.payment.paymentId)} aria-label={`Comprobante de ${period}`} variant="body2">
            Comprobante
          </Link>
        )}
      </Box>
    );
  }
  if (e.paymentInProcess) return <Chip size="small" label={PAYMENT_MSG.inProcess} color="info" variant="outlined" />;
  return <PayExpenseButton expenseId={e.id} period={period} />;
}
