import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminRejectOfflineDeposit, type AdminOfflineDeposit } from '@portal/contract/admin/offline-deposits';
import { buildPath } from '@portal/contract/core/endpoint';
import { getFile } from '@portal/contract/kyc/kyc';
import { OFFLINE_DEPOSIT_DESTINATIONS, OFFLINE_DEPOSIT_REJECT_REASONS } from '@portal/contract/wallet/offline-deposits';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { API_BASE } from '@/lib/api-client';
import { formatDigits } from '@/lib/format';
import { offlineDepositQueryOptions, useDecideOfflineDeposit } from './api';
import { formatDay, formatRelative } from '../shell/dates';
import { useCan } from '../shell/operator';
import { declared, personName } from '../shell/schemas';
import { ConsolePage, Detail, Details, LoadingOrError, Panel, PanelColumns } from '../shell/console-page';
import { MoneyDecisionButtons } from './money-decision';
import { ApprovalsDetails, FirstApprovalAlert, useReviewState } from '../shell/four-eyes/review-approvals';
import { OfflineDepositStateChip, Toman, useBankName } from './money-labels';
import { Requester } from './withdrawal-page';
import { ShebaNumber } from '../shell/sheba';

const rejectSchema = declared(adminRejectOfflineDeposit.body);

/** Where the browser fetches the receipt photo: same origin, the session cookie (`money.read`). */
const fileUrl = (fileId: string) => `${API_BASE}${buildPath(getFile.path, { fileId })}`;

function Summary({ d }: { d: AdminOfflineDeposit }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <Panel id="deposit-summary" title={t('money.summary')}>
      <Details>
        <Detail label={t('money.columns.user')}>
          <Requester user={d.user} />
        </Detail>
        <Detail label={t('money.columns.amount')}>
          <Typography component="span" sx={{ fontSize: '1.15rem' }}>
            <Toman amount={d.amount} strong />
          </Typography>
        </Detail>
        <Detail label={t('offlineDeposits.fee')}>
          <Toman amount={d.fee} />
        </Detail>
        <Detail label={t('offlineDeposits.credited')}>
          <Toman amount={d.credited} />
        </Detail>
        <Detail label={t('money.status')}>
          <OfflineDepositStateChip state={d.state} />
        </Detail>
        <ApprovalsDetails r={d} />
        <Detail label={t('money.columns.requestedAt')}>
          {formatRelative(d.createdAt, fmt.lng)} – {fmt.date(d.createdAt, 'dateTime')}
        </Detail>
        {d.state === 'Pending' ? (
          <Detail label={t('offlineDeposits.reviewDeadline')}>{fmt.date(d.reviewDeadline, 'dateTime')}</Detail>
        ) : null}
        {d.reviewedAt ? <Detail label={t('money.reviewedAt')}>{fmt.date(d.reviewedAt, 'dateTime')}</Detail> : null}
        {d.rejectReason ? (
          <Detail label={t('money.rejectReason')}>{t(`offlineDeposits.reasons.${d.rejectReason}`)}</Detail>
        ) : null}
        {d.reviewComment ? (
          <Detail label={t('money.reviewComment')}>
            <span dir="auto">{d.reviewComment}</span>
          </Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

/** What to find on the bank statement: the portal's account, the day and the receipt number. */
function BankSide({ d }: { d: AdminOfflineDeposit }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const bankName = useBankName();
  const destination = OFFLINE_DEPOSIT_DESTINATIONS.find((x) => x.id === d.destination);
  return (
    <Panel id="deposit-bank" title={t('offlineDeposits.bank.title')}>
      <Details>
        <Detail label={t('offlineDeposits.bank.destination')}>
          {bankName(destination?.bank ?? null) ?? d.destination}
        </Detail>
        {destination ? (
          <Detail label={t('offlineDeposits.bank.accountNumber')}>
            <span dir="ltr">{formatDigits(destination.accountNumber, fmt.lng)}</span>
          </Detail>
        ) : null}
        <Detail label={t('offlineDeposits.bank.sheba')}>
          <ShebaNumber value={d.destinationSheba} />
        </Detail>
        <Detail label={t('offlineDeposits.bank.depositDate')}>{formatDay(d.depositDate, fmt.lng, fmt.calendar)}</Detail>
        <Detail label={t('offlineDeposits.bank.receiptNumber')}>
          <span dir="ltr">{d.receiptNumber}</span>
        </Detail>
      </Details>
    </Panel>
  );
}

function ReceiptPanel({ fileId, name }: { fileId: string; name: string }) {
  const { t } = useTranslation('admin');
  return (
    <Panel id="deposit-receipt" title={t('offlineDeposits.receipt.title')}>
      <Link href={fileUrl(fileId)} target="_blank" rel="noopener" sx={{ display: 'block', lineHeight: 0 }}>
        <Box
          component="img"
          src={fileUrl(fileId)}
          alt={t('offlineDeposits.receipt.alt', { name })}
          sx={{
            maxWidth: '100%',
            maxHeight: 480,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      </Link>
      <Typography variant="body2" color="text.secondary">
        {t('offlineDeposits.receipt.open')}
      </Typography>
    </Panel>
  );
}

/**
 * One offline deposit (`/admin/offline-deposits/:depositId`): the declaration beside the receipt photo
 * (`GET /api/files/:id`); a pending one is approved (the wallet is credited the amount less the fee)
 * or rejected with a reason by a role with `money.review`.
 */
export default function OfflineDepositPage({ depositId }: { depositId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const fmt = useFormat();
  const navigate = useNavigate();
  const deposit = useQuery(offlineDepositQueryOptions(depositId));
  const decide = useDecideOfflineDeposit(depositId, deposit.data?.user.id ?? '');
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const firstApprovalId = useId();
  const review = useReviewState(deposit.data ?? { state: 'Pending', approvalsNeeded: 1, firstApproval: null });
  const back = { to: paths.adminOfflineDeposits.getHref(), label: t('offlineDeposits.back') };

  if (deposit.isPending || deposit.isError) {
    return (
      <ConsolePage title={t('offlineDeposits.itemTitle')} back={back}>
        <LoadingOrError query={deposit} />
      </ConsolePage>
    );
  }

  const d = deposit.data;
  const name = personName(d.user.firstName, d.user.lastName) ?? t('users.noName');
  return (
    <ConsolePage
      title={t('offlineDeposits.itemTitle')}
      back={back}
      actions={
        d.state === 'Pending' && can('money.review') ? (
          <MoneyDecisionButtons
            idPrefix="admin-offline-deposit"
            reasons={OFFLINE_DEPOSIT_REJECT_REASONS}
            rejectSchema={rejectSchema}
            decide={decide}
            texts={{
              approveText:
                review.needsTwo && !review.first
                  ? t('money.approvals.approveFirstText')
                  : t('offlineDeposits.decision.approveText', { credited: fmt.money(d.credited, 'IRT') }),
              reasonsKey: 'offlineDeposits.reasons',
              approvedNotice: (r) =>
                r.state === 'Pending'
                  ? 'admin:money.approvals.firstRecorded'
                  : 'admin:offlineDeposits.decision.approved',
              rejectedNotice: 'admin:offlineDeposits.decision.rejected',
            }}
            approveBlockedBy={review.mineFirst ? firstApprovalId : undefined}
            // A first of two approvals leaves the deposit pending: it stays here, showing who gave it.
            onDecided={(r) => (r.state === 'Pending' ? undefined : void navigate(paths.adminOfflineDeposits.getHref()))}
            onAlreadyReviewed={() => setAlreadyReviewed(true)}
          />
        ) : null
      }
    >
      {alreadyReviewed ? (
        <Alert severity="warning" onClose={() => setAlreadyReviewed(false)}>
          {t('money.decision.alreadyReviewed')}
        </Alert>
      ) : null}
      <FirstApprovalAlert id={firstApprovalId} r={d} />
      <PanelColumns>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Summary d={d} />
          <BankSide d={d} />
        </Box>
        <ReceiptPanel fileId={d.receiptFileId} name={name} />
      </PanelColumns>
    </ConsolePage>
  );
}
