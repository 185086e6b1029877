import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useErrorMessage } from '@/lib/error-message';

/** The mutation that cancels, as the dialog reads it. */
interface CancelMutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Asks before cancelling a pending request (`item`, open while there is one): what cancelling does
 * (`text`), the server's refusal under it; closes with a notice (`doneNotice`, a full key) once cancelled,
 * and does not close while the request is on its way.
 */
export function CancelDialog<T, V>({
  item,
  cancel,
  variables,
  titleId,
  texts,
  doneNotice,
  onClose,
}: {
  item: T | null;
  cancel: CancelMutation<V>;
  /** What the mutation is given to cancel the item (its id, the item itself). */
  variables: (item: T) => V;
  titleId: string;
  texts: { title: string; text: (item: T) => string; keep: string; confirm: string };
  doneNotice: string;
  onClose: () => void;
}) {
  const errorMessage = useErrorMessage();
  const { success } = useNotify();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };
  return (
    <Dialog open={item !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {item !== null ? (
        <>
          <DialogTitle id={titleId}>{texts.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>{texts.text(item)}</DialogContentText>
              {cancel.error ? <FormError message={errorMessage(cancel.error)} /> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={cancel.isPending}>
              {texts.keep}
            </Button>
            <Button
              color="error"
              variant="contained"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(variables(item), {
                  onSuccess: () => {
                    success(doneNotice);
                    cancel.reset();
                    onClose();
                  },
                })
              }
            >
              {texts.confirm}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
