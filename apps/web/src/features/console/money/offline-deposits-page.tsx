import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OFFLINE_DEPOSIT_DESTINATIONS, OFFLINE_DEPOSIT_STATUSES } from '@portal/contract/wallet/offline-deposits';
import { paths } from '@/config/paths';
import { offlineDepositListQueryOptions } from './api';
import { useBankName } from './money-labels';
import { MoneyQueue } from './money-queue';
import { useQueueParams } from '../shell/url';

/**
 * The offline deposit queue (`/admin/offline-deposits?status=`, decision 018): declared bank deposits
 * by status, pending first, each tab oldest first; the column beside the amount is the portal's bank
 * account the investor says they paid into.
 */
export default function OfflineDepositsPage() {
  const { t } = useTranslation('admin');
  const bankName = useBankName();
  const { status, page, setStatus, setPage } = useQueueParams(OFFLINE_DEPOSIT_STATUSES);
  const list = useQuery(offlineDepositListQueryOptions(status, page));
  return (
    <MoneyQueue
      ns="offlineDeposits"
      statuses={OFFLINE_DEPOSIT_STATUSES}
      status={status}
      page={page}
      onStatus={setStatus}
      onPage={setPage}
      list={list}
      hrefOf={(d) => paths.adminOfflineDeposit.getHref(d.id)}
      extra={{
        label: t('offlineDeposits.columns.destination'),
        render: (d) => bankName(OFFLINE_DEPOSIT_DESTINATIONS.find((x) => x.id === d.destination)?.bank ?? null),
      }}
    />
  );
}
