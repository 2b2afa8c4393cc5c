import { BuildingSelectControl } from '../../components/form/BuildingSelectControl';
import { useEffect } from 'react';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '../../components/DatePicker';
import { AMOUNT_TYPING_PATTERN, MSG, SPENDING_BOUNDS, SPENDING_MSG, spendingFormSchema, todayIso, type Spending } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useCreateSpending, useDeleteSpending, useSpending, useUpdateSpending } from './api';

interface FormValues {
  building: number | '';
  date: string;
  concept: string;
  supplier: string;
  details: string;
  amount: string;
}
type FormOutput = z.output<typeof spendingFormSchema>;

/** /spendings/newSpending[/buildingId] and /spendings/board/{id}/edit */
export default function SpendingFormPage() {
  const { id } = useParams();
  const spendingId = Number(id) || undefined;
  const existing = useSpending(spendingId ?? 0);
  if (!spendingId) return <SpendingForm />;
  if (existing.isPending) return <PageLoader />;
  if (existing.isError)
    return (
      <ErrorState
        message={isApiError(existing.error, 'NOT_FOUND') ? 'El gasto no existe.' : undefined}
        onRetry={() => existing.refetch()}
      />
    );
  return <SpendingForm spending={existing.data} />;
}

function SpendingForm({ spending }: { spending?: Spending }) {
  const { buildingId } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateSpending();
  const update = useUpdateSpending();
  const remove = useDeleteSpending();
  const { control, handleSubmit, setError, clearErrors, reset } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(spendingFormSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: blank(Number(buildingId) || ''),
  });
  // TextFieldControl is typed for forms whose output equals their input; the fields it binds are plain text.
  const textControl = control as unknown as Control<FormValues>;
  useEffect(() => {
    if (spending)
      reset({
        building: spending.buildingId,
        date: spending.date,
        concept: spending.concept,
        supplier: spending.supplier,
        details: spending.details,
        amount: String(spending.amount).replace('.', ','),
      });
  }, [spending, reset]);

  const backToBoard = (building: number) => navigate(`/spendings/board?buildingId=${building}`);

  const failed = (e: unknown) =>
    handleFormError(e, setError, {
      CONFLICT: async () => {
        setError('date', { message: SPENDING_MSG.settledMonth });
        await dialogs.message({ title: SPENDING_MSG.settledMonth, text: SPENDING_MSG.settledMonthHelp, severity: 'error' });
      },
      FORBIDDEN: () => dialogs.message({ title: MSG.forbidden, severity: 'error' }),
      otherwise: () => dialogs.showError(e),
    });

  const onValid = async (v: FormOutput) => {
    try {
      if (spending) {
        await update.mutateAsync({ id: spending.id, ...v });
        dialogs.toast(SPENDING_MSG.edited);
      } else {
        await create.mutateAsync(v);
        dialogs.toast(SPENDING_MSG.added);
      }
      backToBoard(v.building);
    } catch (e) {
      await failed(e);
    }
  };

  const onDelete = async () => {
    if (!spending) return;
    const ok = await dialogs.confirm({
      title: SPENDING_MSG.confirmDelete,
      text: `${spending.concept}: ${spending.details}`,
      confirmText: 'Eliminar',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(spending.id);
      dialogs.toast(SPENDING_MSG.deleted);
      backToBoard(spending.buildingId);
    } catch (e) {
      // A delete has no date to correct: explain why this spending has to stay.
      if (isApiError(e, 'CONFLICT'))
        await dialogs.message({ title: SPENDING_MSG.deleteSettled, text: SPENDING_MSG.deleteSettledHelp, severity: 'error' });
      else await failed(e);
    }
  };

  return (
    <>
      <PageHeader title={spending ? 'Editar gasto' : 'Nuevo gasto'} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <form
          noValidate
          onSubmit={handleSubmit(
            onValid,
            () => void dialogs.message({ title: MSG.checkData, text: SPENDING_MSG.fillAll, severity: 'warning' }),
          )}
        >
          <Stack spacing={2}>
            <BuildingSelectControl control={control} name="building" />
            <Controller
              name="date"
              control={control}
              render={({ field, fieldState }) => (
                <DatePicker
                  label="Fecha"
                  format="DD/MM/YYYY"
                  value={field.value ? dayjs(field.value) : null}
                  onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  slotProps={{ textField: { required: true, error: !!fieldState.error, helperText: fieldState.error?.message } }}
                />
              )}
            />
            <TextFieldControl
              control={textControl}
              name="concept"
              label="Concepto"
              required
              slotProps={{ htmlInput: { maxLength: SPENDING_BOUNDS.concept } }}
            />
            <TextFieldControl
              control={textControl}
              name="supplier"
              label="Proveedor"
              required
              slotProps={{ htmlInput: { maxLength: SPENDING_BOUNDS.supplier } }}
            />
            <TextFieldControl
              control={textControl}
              name="details"
              label="Detalle"
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: SPENDING_BOUNDS.details } }}
            />
            <Controller
              name="amount"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Monto ($)"
                  required
                  inputMode="decimal"
                  value={field.value}
                  onChange={(e) => {
                    const v = e.target.value;
                    // Checked while typing (spec §5): a minus sign is refused with its own message.
                    if (v.includes('-')) return setError('amount', { type: 'typing', message: SPENDING_MSG.negative });
                    if (!AMOUNT_TYPING_PATTERN.test(v)) return setError('amount', { type: 'typing', message: MSG.onlyNumbersAllowed });
                    clearErrors('amount');
                    field.onChange(v);
                  }}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? 'Use coma o punto para los centavos'}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
              <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
                {spending ? 'Guardar Cambios' : 'Agregar gasto'}
              </Button>
              {spending && (
                <Button color="error" variant="outlined" onClick={onDelete} loading={remove.isPending}>
                  Eliminar
                </Button>
              )}
              <Button onClick={() => navigate(-1)}>Cancelar</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

function blank(building: number | ''): FormValues {
  return { building, date: todayIso(), concept: '', supplier: '', details: '', amount: '' };
}
