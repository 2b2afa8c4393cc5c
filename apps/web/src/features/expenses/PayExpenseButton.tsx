import Button from '@mui/material/Button';
import { PAYMENT_MSG } from '@consorcio/domain';
import { useDialogs } from '../../lib/dialogs';
import { usePayExpense } from './api';

/**
 * "Pagar": the checkout opens in a new tab. The tab is opened in the click itself (popup
 * blockers allow only that) and pointed at the provider once the server answers.
 */
export function PayExpenseButton({ expenseId, period }: { expenseId: number; period: string }) {
  const dialogs = useDialogs();
  const pay = usePayExpense();
  const onClick = async () => {
    const tab = window.open('', '_blank');
    if (tab) {
      // The provider's page must not reach back into ours (reverse tabnabbing).
      tab.opener = null;
      try {
        tab.document.title = 'Abriendo el pago…';
        tab.document.body.textContent = 'Abriendo el pago…';
      } catch {
        // Only a courtesy while the server answers.
      }
    }
    try {
      const { url } = await pay.mutateAsync(expenseId);
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      await dialogs.showError(e, 'No se pudo iniciar el pago');
    }
  };
  return (
    <Button
      size="small"
      variant="contained"
      onClick={onClick}
      loading={pay.isPending}
      aria-label={`${PAYMENT_MSG.pay} la expensa de ${period}`}
      sx={{ minWidth: { xs: 0, sm: 88 } }}
    >
      {PAYMENT_MSG.pay}
    </Button>
  );
}
