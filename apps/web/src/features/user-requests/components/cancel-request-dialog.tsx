import { useTranslation } from 'react-i18next';
import type { UserRequest } from '@portal/contract/wallet/user-requests';
import { CancelDialog } from '@/components/cancel-dialog';
import { useFormat } from '@/hooks/use-format';
import { useCancelUserRequest } from '../api/cancel-user-request';

/** Asks before cancelling a pending request (a withdrawal's amount returns to the wallet; a deposit is withdrawn). */
export function CancelRequestDialog({ request, onClose }: { request: UserRequest | null; onClose: () => void }) {
  const { t } = useTranslation('requests');
  const fmt = useFormat();
  const cancel = useCancelUserRequest();
  return (
    <CancelDialog
      item={request}
      cancel={cancel}
      variables={(r) => r}
      titleId="cancel-request-title"
      texts={{
        title: t('cancel.title'),
        text: (r) =>
          t(`cancel.text.${r.type === 'OfflineTomanDeposit' ? 'deposit' : 'withdrawal'}`, {
            type: t(`types.${r.type}`),
            amount: fmt.money(r.amount, r.currency),
          }),
        keep: t('cancel.keep'),
        confirm: t('cancel.confirm'),
      }}
      doneNotice="requests:cancel.done"
      onClose={onClose}
    />
  );
}
