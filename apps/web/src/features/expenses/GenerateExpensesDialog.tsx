import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { currentMonth, EXPENSE_MSG, isFutureMonth, MONTH_NAMES_ES, settlementYears } from '@consorcio/domain';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { useGenerateExpenses } from './api';

/** Settles a month of the filtered building: year 2021..now and month, defaulting to the current ones. */
export function GenerateExpensesDialog({
  building,
  open,
  onClose,
}: {
  building: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const now = currentMonth();
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const generate = useGenerateExpenses();
  const dialogs = useDialogs();

  const submit = async () => {
    try {
      const r = await generate.mutateAsync({ buildingId: building.id, year, month });
      onClose();
      await dialogs.message({
        title: EXPENSE_MSG.generated,
        text: `${MONTH_NAMES_ES[month]} ${year}: ${r.items.length} expensas generadas.`,
        severity: 'success',
      });
    } catch (e) {
      if (isApiError(e, 'CONFLICT')) {
        await dialogs.message({ title: EXPENSE_MSG.alreadySettled, text: EXPENSE_MSG.checkMonth, severity: 'error' });
      } else {
        await dialogs.showError(e, 'No se pudieron generar las expensas');
      }
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="generate-expenses-title" fullWidth maxWidth="xs">
      <DialogTitle id="generate-expenses-title">Generar Expensas</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Edificio" value={`${building.id} - ${building.name}`} slotProps={{ input: { readOnly: true } }} />
          <TextField
            select
            label="Año"
            value={year}
            onChange={(e) => {
              const y = Number(e.target.value);
              setYear(y);
              if (isFutureMonth(y, month)) setMonth(now.month);
            }}
          >
            {settlementYears(now.year).map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Mes" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
            {/* Months that have not begun cannot be settled (the server says so too). */}
            {MONTH_NAMES_ES.map((name, i) => (
              <MenuItem key={name} value={i} disabled={isFutureMonth(year, i)}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={submit} loading={generate.isPending}>
          Generar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
