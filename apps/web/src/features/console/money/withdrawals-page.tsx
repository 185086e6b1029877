import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_STATUSES } from '@portal/contract/wallet/withdrawals';
import { paths } from '@/config/paths';
import { withdrawalListQueryOptions } from './api';
import { MoneyQueue } from './money-queue';
import { useQueueParams } from '../shell/url';
import { ShebaNumber } from '../shell/sheba';

/**
 * The withdrawal queue (`/admin/withdrawals?status=`): tabs by status, pending first; the server
 * orders each tab oldest first, so the longest-waiting request is at the top.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation('admin');
  const { status, page, setStatus, setPage } = useQueueParams(WITHDRAWAL_STATUSES);
  const list = useQuery(withdrawalListQueryOptions(status, page));
  return (
    <MoneyQueue
      ns="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      status={status}
      page={page}
      onStatus={setStatus}
      onPage={setPage}
      list={list}
      hrefOf={(w) => paths.adminWithdrawal.getHref(w.id)}
      extra={{
        label: t('withdrawals.columns.destination'),
        render: (w) => <ShebaNumber value={w.sheba} copy={false} />,
      }}
    />
  );
}
