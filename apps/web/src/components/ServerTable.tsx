import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Skeleton from '@mui/material/Skeleton';
import { ErrorState } from './ErrorState';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hide on phones to keep the table readable. */
  hideOnMobile?: boolean;
  width?: number | string;
}

export interface ServerTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  /** 0-based page, as MUI counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  emptyText: string;
  rowKey: (row: T) => string | number;
  caption?: string;
  footer?: ReactNode;
}

/** A table whose paging happens on the server: it shows one page and the total count. */
export function ServerTable<T>({
  columns,
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  loading,
  error,
  onRetry,
  emptyText,
  rowKey,
  caption,
  footer,
}: ServerTableProps<T>) {
  if (error) return <ErrorState onRetry={onRetry} />;
  const mobileHide = (c: Column<T>) => (c.hideOnMobile ? { display: { xs: 'none', md: 'table-cell' } } : undefined);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ fontWeight: 700, width: c.width, ...mobileHide(c) }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody aria-busy={loading}>
            {loading && !rows ? (
              Array.from({ length: pageSize }, (_, i) => (
                <TableRow key={i}>
                  {columns.map((c) => (
                    <TableCell key={c.key} sx={mobileHide(c)}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : rows?.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows?.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={mobileHide(c)}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_e, p) => onPageChange(p)}
      />
    </Paper>
  );
}
