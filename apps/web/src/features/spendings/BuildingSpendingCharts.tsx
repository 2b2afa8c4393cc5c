import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { currentMonth, formatPesos, MONTH_NAMES_ES } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { WhenVisible } from '../../components/WhenVisible';
import { useSpendingStats } from './api';

// The charts library is as large as the rest of the page: it loads once the charts come near the screen, in place of a
// box of the same size.
const ConceptBarChart = lazy(() => import('./SpendingChartsView').then((m) => ({ default: m.ConceptBarChart })));
const MonthlyLineChart = lazy(() => import('./SpendingChartsView').then((m) => ({ default: m.MonthlyLineChart })));
const MONTHLY_CHART_HEIGHT = 300;
const conceptChartHeight = (concepts: number) => Math.max(220, concepts * 34 + 60);

/** Building detail: top 10 concepts (the year, or one month) and the year's monthly totals, aggregated by the server. */
export function BuildingSpendingCharts({ buildingId }: { buildingId: number }) {
  // Months still to come are left out of the line instead of drawn as zero.
  const { year, month: thisMonth } = currentMonth();
  const [month, setMonth] = useState<number | ''>('');
  const byConcept = useSpendingStats(buildingId, year, month === '' ? undefined : month);
  const byYear = useSpendingStats(buildingId, year);
  // On a phone long concept names give way to the bars (the full names are in the tooltip and the aria-label).
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`by-concept-${buildingId}`}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id={`by-concept-${buildingId}`}>
            Gastos por concepto {year}
          </Typography>
          <TextField
            select
            size="small"
            label="Mes"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            value={month}
            onChange={(e) => setMonth(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">Todos</MenuItem>
            {MONTH_NAMES_ES.map((m, i) => (
              <MenuItem key={m} value={i}>
                {m}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {byConcept.isError ? (
          <ErrorState onRetry={() => byConcept.refetch()} />
        ) : !byConcept.data ? (
          <Skeleton variant="rounded" height={300} sx={{ mt: 2 }} />
        ) : byConcept.data.byConcept.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            No hay gastos en este período.
          </Typography>
        ) : (
          <Box
            data-testid="chart-by-concept"
            role="img"
            aria-label={`Gastos por concepto: ${byConcept.data.byConcept.map((c) => `${c.concept} ${formatPesos(c.total)}`).join(', ')}`}
          >
            <WhenVisible height={conceptChartHeight(byConcept.data.byConcept.length)}>
              <Suspense fallback={<Skeleton variant="rounded" height={conceptChartHeight(byConcept.data.byConcept.length)} />}>
                <ConceptBarChart
                  data={byConcept.data.byConcept}
                  height={conceptChartHeight(byConcept.data.byConcept.length)}
                  phone={phone}
                />
              </Suspense>
            </WhenVisible>
          </Box>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`by-month-${buildingId}`}>
        <Typography variant="h6" component="h2" id={`by-month-${buildingId}`} sx={{ mb: 1, lineHeight: '40px' }}>
          Total mensual {year}
        </Typography>
        {byYear.isError ? (
          <ErrorState onRetry={() => byYear.refetch()} />
        ) : !byYear.data ? (
          <Skeleton variant="rounded" height={300} />
        ) : (
          <Box
            data-testid="chart-by-month"
            role="img"
            aria-label={`Total mensual ${year}: ${byYear.data.byMonth.map((m) => `${MONTH_NAMES_ES[m.month]} ${formatPesos(m.total)}`).join(', ')}`}
          >
            <WhenVisible height={MONTHLY_CHART_HEIGHT}>
              <Suspense fallback={<Skeleton variant="rounded" height={MONTHLY_CHART_HEIGHT} />}>
                <MonthlyLineChart
                  height={MONTHLY_CHART_HEIGHT}
                  totals={byYear.data.byMonth.map((m) => (m.month > thisMonth ? null : m.total))}
                />
              </Suspense>
            </WhenVisible>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
