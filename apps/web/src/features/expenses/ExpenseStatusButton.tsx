import Button from '@mui/material/Button';
import { EXPENSE_MSG, type Expense } from '@consorcio/domain';
import { useDialogs } from '../../lib/dialogs';
import { useToggleExpenseStatus } from './api';

/** Shows the status; pressing it asks, toggles it on the server and reloads the list (spec §4). */
export function ExpenseStatusButton({ expense, label }: { expense: Expense; label: string }) {
  const dialogs = useDialogs();
  const toggle = useToggleExpenseStatus();
  const onClick = async () => {
    const ok = await dialogs.confirm({ title: EXPENSE_MSG.confirmToggle, confirmText: 'Confirmar', cancelText: 'Cancelar' });
    if (!ok) return;
    try {
      const r = await toggle.mutateAsync(expense.id);
      dialogs.toast(`Estado cambiado a ${r.status}`);
    } catch (e) {
      await dialogs.showError(e, 'No se pudo cambiar el estado');
    }
  };
  const paid = expense.status === 'Pagada';
  return (
    <Button
      size="small"
      variant={paid ? 'contained' : 'outlined'}
      color={paid ? 'success' : 'warning'}
      onClick={onClick}
      loading={toggle.isPending}
      aria-label={`${expense.status}: cambiar el estado de ${label}`}
      sx={{ minWidth: { xs: 0, sm: 104 } }}
    >
      {expense.status}
    </Button>
  );
}
