import { useState } from 'react';
import { useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, SERVICE_MSG, createServiceSchema, type CreateServiceInput, type Service } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { useCreateService } from './api';
import { SERVICE_FIELD_ORDER, ServiceFields, type ServiceFieldValues } from './ServiceFields';

/** /public/services/{buildingId}: a resident proposes a useful service; it waits (Pendiente) for the administration. */
export default function ProposeServicePage() {
  const session = useSession();
  const id = Number(useParams().buildingId);
  const own = session.data?.building?.id;
  // Proposals are for one's own building (the server says 404 to any other), so the URL says so.
  if (own && id !== own) return <Navigate to={`/public/services/${own}`} replace />;
  if (!session.data) return <PageLoader />;
  if (!own) return <EmptyState title="Su usuario no tiene un edificio asignado." />;
  return <Proposal buildingId={own} />;
}

function Proposal({ buildingId }: { buildingId: number }) {
  const [sent, setSent] = useState<Service | null>(null);
  // A new form each time, so "Proponer otro" starts empty.
  const [round, setRound] = useState(0);
  const listPath = `/public/contservices/${buildingId}`;

  return (
    <>
      <PageHeader title="Proponer un servicio" />
      {sent ? (
        <Alert severity="success" sx={{ maxWidth: 720 }} role="status">
          <AlertTitle>Propuesta enviada</AlertTitle>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {SERVICE_MSG.proposed}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            «{sent.title}» · {sent.provider}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" component={RouterLink} to={listPath}>
              Volver a Servicios Utiles
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setSent(null);
                setRound((r) => r + 1);
              }}
            >
              Proponer otro
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ProposalForm key={round} buildingId={buildingId} listPath={listPath} onSent={setSent} />
      )}
    </>
  );
}

function ProposalForm({ buildingId, listPath, onSent }: { buildingId: number; listPath: string; onSent: (s: Service) => void }) {
  const dialogs = useDialogs();
  const create = useCreateService();
  const { control, handleSubmit, setError } = useForm<ServiceFieldValues, unknown, CreateServiceInput>({
    resolver: zodResolver(createServiceSchema) as unknown as Resolver<ServiceFieldValues, unknown, CreateServiceInput>,
    defaultValues: { title: '', provider: '', enrollment: '', contact: '', detail: '', buildingId },
  });
  // ServiceFields binds plain text fields, typed for forms whose output equals their input.
  const fieldsControl = control as unknown as Control<ServiceFieldValues>;

  const warnInvalid = (errors: FieldErrors<ServiceFieldValues>) => {
    const text = SERVICE_FIELD_ORDER.map((f) => errors[f]?.message).find(Boolean) ?? SERVICE_MSG.fill;
    return dialogs.message({ title: MSG.checkData, text, severity: 'warning' });
  };

  const onValid = async (v: CreateServiceInput) => {
    try {
      onSent(await create.mutateAsync(v));
    } catch (e) {
      await handleFormError(e, setError, {
        VALIDATION: (err) => dialogs.message({ title: MSG.checkData, text: err.message, severity: 'warning' }),
        // The daily limit: the server's message says when another may be proposed.
        RATE_LIMITED: (err) => dialogs.message({ title: SERVICE_MSG.notCreated, text: err.message, severity: 'warning' }),
        otherwise: () => dialogs.showError(e, SERVICE_MSG.notCreated),
      });
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        ¿Conoce un plomero, un cerrajero o un electricista de confianza? Compártalo con sus vecinos: la administración lo revisará antes de
        publicarlo.
      </Typography>
      <form noValidate onSubmit={handleSubmit(onValid, warnInvalid)}>
        <ServiceFields control={fieldsControl} />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ pt: 3, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={listPath}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Enviar propuesta
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
