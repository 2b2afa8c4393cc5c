import { Controller, useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import DeleteIcon from '@mui/icons-material/Delete';
import { DatePicker } from '../../components/DatePicker';
import {
  COMPLAINT_BOUNDS,
  COMPLAINT_MSG,
  IMAGE_ACCEPT,
  IMPORTANCE,
  IMPORTANCE_LABEL,
  MSG,
  complaintFormSchema,
  todayIso,
  type Importance,
} from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { usePhotoChoice } from '../../hooks/use-photo-choice';
import { useCreateComplaint } from './api';
import { ComplaintImage } from './ComplaintImage';

interface FormValues {
  subject: string;
  importance: Importance | '';
  details: string;
  date: string;
}
type FormOutput = z.output<typeof complaintFormSchema>;

/** The order the fields appear in, for the one message the warning dialog shows. */
const FIELD_ORDER = ['subject', 'importance', 'details', 'date'] as const;
const FILE_HINT = 'JPG o PNG. Opcional.';

/** /public/AddComplaints/{id}: a resident files a complaint, with an optional photo (phone first). */
export default function AddComplaintPage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  // The complaint is always the caller's own (the server takes the user from the session), so the URL says so.
  if (self && id !== self) return <Navigate to={`/public/AddComplaints/${self}`} replace />;
  return <ComplaintForm userId={id} />;
}

function ComplaintForm({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateComplaint();
  /** A refused photo is dropped, so the next send does not carry it again. */
  const photo = usePhotoChoice(async (title) => {
    const text = title === MSG.payloadTooLarge ? 'Elija otra foto o una de menor tamaño.' : MSG.unsupportedFileHint;
    await dialogs.message({ title, text, severity: 'error' });
  });
  const { image, preview } = photo;

  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(complaintFormSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: { subject: '', importance: '', details: '', date: todayIso() },
  });
  // TextFieldControl is typed for forms whose output equals their input; the fields it binds are plain text.
  const textControl = control as unknown as Control<FormValues>;
  const listPath = `/public/${userId}/complaints`;

  const warnInvalid = (errors: FieldErrors<FormValues>) => {
    const text = FIELD_ORDER.map((f) => errors[f]?.message).find(Boolean) ?? COMPLAINT_MSG.fill;
    return dialogs.message({ title: MSG.checkData, text, severity: 'warning' });
  };

  const onValid = async (v: FormOutput) => {
    try {
      await create.mutateAsync({ body: v, image });
      dialogs.toast(COMPLAINT_MSG.sent);
      navigate(listPath);
    } catch (e) {
      await handleFormError(e, setError, {
        VALIDATION: (err) => dialogs.message({ title: MSG.checkData, text: err.message, severity: 'warning' }),
        UNSUPPORTED_MEDIA_TYPE: () => photo.reject(MSG.unsupportedFile),
        PAYLOAD_TOO_LARGE: () => photo.reject(MSG.payloadTooLarge),
        // The daily limit: the server's message says when another may be sent.
        RATE_LIMITED: (err) => dialogs.message({ title: COMPLAINT_MSG.notSent, text: err.message, severity: 'warning' }),
        otherwise: () => dialogs.showError(e, COMPLAINT_MSG.notSent),
      });
    }
  };

  return (
    <>
      <PageHeader title="Nuevo reclamo" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <form noValidate onSubmit={handleSubmit(onValid, warnInvalid)}>
          <Stack spacing={2.5}>
            <TextFieldControl
              control={textControl}
              name="subject"
              label="Asunto"
              required
              slotProps={{ htmlInput: { maxLength: COMPLAINT_BOUNDS.subject } }}
            />
            <Controller
              name="importance"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" required error={!!fieldState.error}>
                  <FormLabel component="legend">Importancia</FormLabel>
                  <RadioGroup
                    row
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    {IMPORTANCE.map((i, n) => (
                      <FormControlLabel
                        key={i}
                        value={i}
                        label={IMPORTANCE_LABEL[i]}
                        control={<Radio inputRef={n === 0 ? field.ref : undefined} />}
                      />
                    ))}
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <TextFieldControl
              control={textControl}
              name="details"
              label="Detalle"
              required
              multiline
              minRows={4}
              maxRows={12}
              slotProps={{ htmlInput: { maxLength: COMPLAINT_BOUNDS.details } }}
            />
            <Controller
              name="date"
              control={control}
              render={({ field, fieldState }) => (
                <DatePicker
                  label="Fecha"
                  format="DD/MM/YYYY"
                  value={field.value ? dayjs(field.value) : null}
                  onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  inputRef={field.ref}
                  slotProps={{
                    textField: {
                      required: true,
                      error: !!fieldState.error,
                      helperText: fieldState.error?.message ?? 'El día en que empezó el problema',
                    },
                  }}
                />
              )}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Foto
              </Typography>
              <Stack spacing={1.5}>
                <ComplaintImage src={preview} alt="Vista previa de la foto" />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
                  <Button component="label" variant="outlined" startIcon={<AddAPhotoIcon />}>
                    {image ? 'Cambiar foto' : 'Agregar foto'}
                    {/* No `capture`: phones then offer both the camera and the gallery. */}
                    <input
                      type="file"
                      hidden
                      accept={IMAGE_ACCEPT}
                      aria-label="Foto del reclamo"
                      onChange={(e) => {
                        void photo.choose(e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                  </Button>
                  {image && (
                    <Button color="error" startIcon={<DeleteIcon />} onClick={photo.clear}>
                      Quitar foto
                    </Button>
                  )}
                </Stack>
                <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
                  {photo.preparing ? 'Preparando la foto…' : image ? image.name : FILE_HINT}
                </Typography>
              </Stack>
            </Box>
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ pt: 1, justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to={listPath}>
                Cancelar
              </Button>
              <Button type="submit" variant="contained" loading={create.isPending || photo.preparing}>
                Enviar reclamo
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
