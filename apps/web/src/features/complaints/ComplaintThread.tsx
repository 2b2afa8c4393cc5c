import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { COMPLAINT_BOUNDS, COMPLAINT_MSG, createReplySchema, formatDateTimeEs, type Reply } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useAddReply, useReplies } from './api';

type Viewer = 'admin' | 'resident';
type ReplyForm = z.input<typeof createReplySchema>;

const ROLE_LABEL: Record<Viewer, string> = { admin: 'Administración', resident: 'Vecino' };

/**
 * A complaint's replies, oldest first, and the box to add one. The viewer's side sits on the
 * right, like a chat, so on a phone it is clear at a glance who said what.
 */
export function ComplaintThread({
  complaintId,
  viewer,
  headingComponent = 'h3',
}: {
  complaintId: number;
  viewer: Viewer;
  /** The heading level that fits where the thread sits (a page's section or a dialog). */
  headingComponent?: 'h2' | 'h3';
}) {
  const headingId = useId();
  const replies = useReplies(complaintId);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component={headingComponent} sx={{ mb: 1.5 }}>
        Respuestas
      </Typography>
      {replies.isError ? (
        <ErrorState message="No se pudieron cargar las respuestas." onRetry={() => void replies.refetch()} />
      ) : !replies.data ? (
        <Stack spacing={1.5} aria-busy>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : replies.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          Todavía no hay respuestas
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {replies.data.map((r) => (
            <ReplyItem key={r.id} reply={r} mine={r.author.role === viewer} />
          ))}
        </Stack>
      )}
      <ReplyBox complaintId={complaintId} />
    </Box>
  );
}

function ReplyItem({ reply, mine }: { reply: Reply; mine: boolean }) {
  const role = ROLE_LABEL[reply.author.role];
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: { xs: '92%', sm: '80%' },
          bgcolor: mine ? 'rgba(31, 78, 121, 0.06)' : 'background.paper',
          borderColor: mine ? 'primary.light' : 'divider',
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography component="span" variant="subtitle2">
            {reply.author.name}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary">
            {role} · <time dateTime={reply.createdAt}>{formatDateTimeEs(reply.createdAt)}</time>
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{reply.text}</Typography>
      </Paper>
    </Box>
  );
}

function ReplyBox({ complaintId }: { complaintId: number }) {
  const dialogs = useDialogs();
  const add = useAddReply(complaintId);
  const { control, handleSubmit, setError, reset } = useForm<ReplyForm>({
    resolver: zodResolver(createReplySchema),
    defaultValues: { text: '' },
  });
  const length = useWatch({ control, name: 'text' })?.length ?? 0;

  const onValid = async (v: ReplyForm) => {
    try {
      await add.mutateAsync(v.text.trim());
      reset({ text: '' });
      dialogs.toast(COMPLAINT_MSG.replySent);
    } catch (e) {
      // VALIDATION lands under the field; anything else (the complaint gone, offline) is said in a dialog.
      await handleFormError(e, setError, {
        VALIDATION: () => undefined,
        otherwise: () => dialogs.showError(e, 'No se pudo enviar la respuesta'),
      });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)} sx={{ mt: 2 }}>
      <TextFieldControl
        control={control}
        name="text"
        label="Su respuesta"
        multiline
        minRows={3}
        maxRows={10}
        helperText={`${length}/${COMPLAINT_BOUNDS.reply}`}
        slotProps={{ htmlInput: { maxLength: COMPLAINT_BOUNDS.reply } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={add.isPending}>
          Enviar respuesta
        </Button>
      </Box>
    </Box>
  );
}
