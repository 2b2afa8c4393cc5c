import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { formatPesos, monthIndex, monthNameEs } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSettledMonths } from './api';

const PAGE_SIZE = 6;

/** The building's settled months, newest first, each opening its statement in the resident area. */
export function SettledMonthsList({ buildingId }: { buildingId: number }) {
  const [page, setPage] = useState(1);
  // The statement's Volver comes back here, filters included.
  const location = useLocation();
  const q = useSettledMonths(buildingId, page, PAGE_SIZE);
  const pages = Math.ceil((q.data?.total ?? 0) / PAGE_SIZE);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settled-months-title" sx={{ p: 2 }}>
      <Typography id="settled-months-title" variant="h6" component="h2">
        Meses liquidados
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Cada liquidación muestra los gastos del mes por concepto y la parte de cada departamento.
      </Typography>
      {q.isError ? (
        <ErrorState onRetry={() => q.refetch()} />
      ) : q.isPending ? (
        <Box role="status" aria-label="Cargando meses liquidados">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Box>
      ) : q.data.items.length === 0 ? (
        <EmptyState title="Todavía no hay meses liquidados." />
      ) : (
        <>
          <List dense disablePadding aria-labelledby="settled-months-title" aria-busy={q.isFetching}>
            {q.data.items.map((m) => (
              <ListItem key={`${m.year}-${m.month}`} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={`/public/settlements/${m.buildingId}/${m.year}/${monthIndex(m.month)}`}
                  state={{ from: `${location.pathname}${location.search}` }}
                >
                  <ListItemText
                    primary={`${monthNameEs(m.month)} ${m.year}`}
                    secondary={`Gastos: ${formatPesos(m.total)}`}
                    slotProps={{ primary: { fontWeight: 600 } }}
                  />
                  <ChevronRightIcon color="action" aria-hidden />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_e, p) => setPage(p)}
              size="small"
              siblingCount={0}
              sx={{ mt: 1.5, display: 'flex', justifyContent: 'center' }}
              getItemAriaLabel={(type, p, selected) =>
                type === 'page'
                  ? `${selected ? 'Página actual, ' : 'Ir a la página '}${p}`
                  : type === 'next'
                    ? 'Página siguiente'
                    : type === 'previous'
                      ? 'Página anterior'
                      : type
              }
            />
          )}
        </>
      )}
    </Paper>
  );
}
