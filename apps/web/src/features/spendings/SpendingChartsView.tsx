import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatPesos, MONTH_NAMES_ES, type SpendingStats } from '@consorcio/domain';

// The charts of BuildingSpendingCharts, in a module of their own so that @mui/x-charts loads on demand.

const pesos = (v: number | null) => (v === null ? '' : formatPesos(v));
const compact = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });

export function ConceptBarChart({ data, height, phone }: { data: SpendingStats['byConcept']; height: number; phone: boolean }) {
  return (
    <BarChart
      height={height}
      layout="horizontal"
      dataset={data}
      yAxis={[{ scaleType: 'band', dataKey: 'concept', width: phone ? 104 : 140 }]}
      xAxis={[{ valueFormatter: (v: number) => `$ ${compact.format(v)}`, tickNumber: 3 }]}
      series={[{ dataKey: 'total', label: 'Total', valueFormatter: pesos, color: '#1565c0' }]}
      hideLegend
      // Room for the last tick's label, centred on the right edge.
      margin={{ right: 32 }}
    />
  );
}

/** The year's totals by month; null for the months still to come, left out of the line instead of drawn as zero. */
export function MonthlyLineChart({ totals, height }: { totals: (number | null)[]; height: number }) {
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: MONTH_NAMES_ES.map((m) => m.slice(0, 3)) }]}
      yAxis={[{ valueFormatter: (v: number) => `$ ${compact.format(v)}`, width: 64 }]}
      series={[{ data: totals, label: 'Total', valueFormatter: pesos, area: true, color: '#2e7d32' }]}
      hideLegend
      margin={{ right: 16 }}
    />
  );
}
