import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { useCancelUserRequest } from '../api/cancel-user-request';

/** Asks before cancelling a pending request (a withdrawal's amount returns to the wallet; a deposit is withdrawn). */
export function CancelRequestDialog({ request, onClose }: { request: UserRequest | null; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const { success } = useNotify();
  const cancel = useCancelUserRequest();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };

  return (
    <Dialog open={request !== null} onClose={close} aria-labelledby="cancel-request-title" fullWidth maxWidth="xs">
      {request ? (
        <>
          <DialogTitle id="cancel-request-title">{t('cancel.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                {t(`cancel.text.${request.type === 'OfflineTomanDeposit' ? 'deposit' : 'withdrawal'}`, {
                  type: t(`types.${request.type}`),
                  amount: fmt.money(request.amount, request.currency),
                })}
              </DialogContentText>
              {cancel.error ? <FormError message={errorMessage(cancel.error)} /> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={cancel.isPending}>
              {t('cancel.keep')}
            </Button>
            <Button
              color="error"
              variant="contained"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(request, {
                  onSuccess: () => {
                    success('requests:cancel.done');
                    cancel.reset();
                    onClose();
                  },
                })
              }
            >
              {t('cancel.confirm')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
