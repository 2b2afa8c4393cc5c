import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { MSG } from '@consorcio/domain';

type Severity = 'success' | 'info' | 'warning' | 'error';

interface MessageOptions {
  title: string;
  text?: string;
  severity?: Severity;
  /** Closes by itself after this many milliseconds (the user may still close it sooner). */
  autoCloseMs?: number;
}
interface ConfirmOptions {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
}

interface Dialogs {
  /** A modal message the user acknowledges (validation warnings, failures). */
  message(opts: MessageOptions): Promise<void>;
  /** A yes/no question; resolves true on confirm. */
  confirm(opts: ConfirmOptions): Promise<boolean>;
  /** A short success note that goes away by itself. */
  toast(text: string, severity?: Severity): void;
  /** Shows any failure the way the product does: the server's Spanish message. */
  showError(err: unknown, title?: string): Promise<void>;
}

const DialogsContext = createContext<Dialogs | null>(null);

type Open =
  ({ kind: 'message'; resolve: () => void } & MessageOptions) | ({ kind: 'confirm'; resolve: (ok: boolean) => void } & ConfirmOptions);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [toastState, setToast] = useState<{ text: string; severity: Severity; key: number } | null>(null);
  const queue = useRef<Open[]>([]);

  const show = useCallback((d: Open) => {
    setOpen((cur) => {
      if (cur) {
        queue.current.push(d);
        return cur;
      }
      return d;
    });
  }, []);
  const close = useCallback(() => setOpen(queue.current.shift() ?? null), []);

  const value = useMemo<Dialogs>(() => {
    const message = (opts: MessageOptions) => new Promise<void>((resolve) => show({ kind: 'message', resolve, ...opts }));
    return {
      message,
      confirm: (opts) => new Promise<boolean>((resolve) => show({ kind: 'confirm', resolve, ...opts })),
      toast: (text, severity = 'success') => setToast({ text, severity, key: Date.now() }),
      showError: (err, title) => {
        const text = err instanceof Error ? err.message : MSG.internal;
        return message({ title: title ?? text, text: title ? text : MSG.tryAgain, severity: 'error' });
      },
    };
  }, [show]);

  const finish = useCallback(
    (ok: boolean) => {
      if (!open) return;
      if (open.kind === 'confirm') open.resolve(ok);
      else open.resolve();
      close();
    },
    [open, close],
  );

  const autoCloseMs = open?.kind === 'message' ? open.autoCloseMs : undefined;
  useEffect(() => {
    if (!autoCloseMs) return;
    const timer = setTimeout(() => finish(true), autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, finish]);

  return (
    <DialogsContext.Provider value={value}>
      {children}
      <Dialog open={!!open} onClose={() => finish(false)} aria-labelledby="app-dialog-title" maxWidth="xs" fullWidth>
        {open && (
          <>
            <DialogTitle id="app-dialog-title">{open.title}</DialogTitle>
            {open.text && (
              <DialogContent>
                {open.kind === 'message' && open.severity && open.severity !== 'info' ? (
                  <Alert severity={open.severity} variant="outlined">
                    {open.text}
                  </Alert>
                ) : (
                  <DialogContentText>{open.text}</DialogContentText>
                )}
              </DialogContent>
            )}
            <DialogActions sx={{ px: 3, pb: 2 }}>
              {open.kind === 'confirm' ? (
                <>
                  <Button onClick={() => finish(false)}>{open.cancelText ?? 'Cancelar'}</Button>
                  <Button variant="contained" color={open.destructive ? 'error' : 'primary'} onClick={() => finish(true)} autoFocus>
                    {open.confirmText ?? 'Confirmar'}
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => finish(true)} autoFocus>
                  Aceptar
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
      <Snackbar
        key={toastState?.key}
        open={!!toastState}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity={toastState?.severity ?? 'success'} variant="filled" onClose={() => setToast(null)} sx={{ width: '100%' }}>
          {toastState?.text}
        </Alert>
      </Snackbar>
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const ctx = useContext(DialogsContext);
  if (!ctx) throw new Error('useDialogs outside DialogsProvider');
  return ctx;
}
