import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminRejectTetherWithdrawal, type AdminTetherWithdrawal } from '@portal/contract/admin/chain';
import { TETHER_WITHDRAWAL_REJECT_REASONS } from '@portal/contract/tether/chain';
import { paths } from '@/config/paths';
import { ConsolePage, Detail, Details, LoadingOrError, Panel, PanelColumns } from '../shell/console-page';
import { DecisionButtons } from '../shell/decision-dialog';
import {
  ApprovalsDetails,
  FirstApprovalAlert,
  usePersonLabel,
  useReviewState,
} from '../shell/four-eyes/review-approvals';
import { useCan } from '../shell/operator';
import { declared } from '../shell/schemas';
import { UserCell } from '../shell/user-cell';
import { chainDeskQueryOptions, chainWithdrawalQueryOptions, useDecideTetherWithdrawal } from './api';
import {
  Address,
  ChainWithdrawalStateChip,
  TxHash,
  Usdt,
  useChainFormat,
  useNetworkName,
  AddressSavedChip,
} from './chain-labels';

const rejectSchema = declared(adminRejectTetherWithdrawal.body);

function Summary({ w }: { w: AdminTetherWithdrawal }) {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const networkName = useNetworkName();
  const nameOf = usePersonLabel();
  return (
    <Panel id="chain-withdrawal-summary" title={t('money.summary')}>
      <Details>
        <Detail label={t('chain.columns.user')}>
          <UserCell user={w.user} />
        </Detail>
        <Detail label={t('chain.columns.network')}>{networkName(w.network)}</Detail>
        <Detail label={t('chain.withdrawal.amount')}>
          <Typography component="span" sx={{ fontSize: '1.15rem' }}>
            <Usdt amount={w.amount} strong testId="chain-withdrawal-amount" />
          </Typography>
        </Detail>
        <Detail label={t('chain.withdrawal.fee')}>
          <Usdt amount={w.fee} testId="chain-withdrawal-fee" />
        </Detail>
        <Detail label={t('chain.withdrawal.total')}>
          <Usdt amount={w.total} strong testId="chain-withdrawal-total" />
        </Detail>
        <Detail label={t('money.status')}>
          <ChainWithdrawalStateChip state={w.state} />
        </Detail>
        {w.approvalsNeeded === 0 ? (
          <Detail label={t('money.approvals.needed')}>{t('chain.withdrawal.noReview')}</Detail>
        ) : (
          <ApprovalsDetails r={w} />
        )}
        <Detail label={t('chain.columns.requestedAt')}>
          {cf.relative(w.createdAt)} – {cf.date(w.createdAt, 'dateTime')}
        </Detail>
        {w.reviewer && w.reviewedAt ? (
          <Detail label={t('chain.withdrawal.reviewedBy')}>
            {t('chain.withdrawal.reviewedByOn', { name: nameOf(w.reviewer), at: cf.date(w.reviewedAt, 'dateTime') })}
          </Detail>
        ) : null}
        {w.rejectReason ? (
          <Detail label={t(w.state === 'Failed' ? 'chain.withdrawal.failReason' : 'money.rejectReason')}>
            {t(`chain.withdrawals.reasons.${w.rejectReason}`)}
          </Detail>
        ) : null}
        {w.reviewComment ? (
          <Detail label={t('money.reviewComment')}>
            <span dir="auto">{w.reviewComment}</span>
          </Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

/** Where it goes, and where it stands on the chain: the address and its label, the hash and its confirmations. */
function Destination({ w, sandbox }: { w: AdminTetherWithdrawal; sandbox: boolean }) {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  return (
    <Panel id="chain-withdrawal-destination" title={t('chain.withdrawal.destination')}>
      <Details>
        <Detail label={t('chain.withdrawal.address')}>
          <span data-testid="chain-withdrawal-address">
            <Address value={w.address} />
          </span>
        </Detail>
        <Detail label={t('chain.withdrawal.label')}>
          {w.addressLabel ? <span dir="auto">{w.addressLabel}</span> : t('chain.withdrawal.noLabel')}
          <AddressSavedChip w={w} />
        </Detail>
        <Detail label={t('chain.withdrawal.txHash')}>
          {w.txHash ? (
            <TxHash network={w.network} hash={w.txHash} sandbox={sandbox} />
          ) : (
            <Typography component="span" color="text.secondary">
              {t('chain.withdrawal.notSent')}
            </Typography>
          )}
        </Detail>
        {w.txHash ? (
          <Detail label={t('chain.columns.confirmations')}>
            <span data-testid="chain-withdrawal-confirmations">
              {cf.confirmations(w.confirmations, w.requiredConfirmations)}
            </span>
          </Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

/**
 * One tether withdrawal (`/admin/chain/withdrawals/:withdrawalId`): who asked, how much (the amount that
 * reaches the address, the fee on top, the total held), where it goes, its approvals, its transaction. A
 * pending one is approved (after a confirmation; above the second bound, the first of two) or rejected with
 * a reason by a role with `money.review`, as the money desk's toman withdrawals.
 */
export default function ChainWithdrawalPage({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const navigate = useNavigate();
  const withdrawal = useQuery(chainWithdrawalQueryOptions(withdrawalId));
  // The sandbox chain has no explorer: its hashes are not linked.
  const desk = useQuery(chainDeskQueryOptions());
  const decide = useDecideTetherWithdrawal(withdrawalId, withdrawal.data?.user.id ?? '');
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const firstApprovalId = useId();
  const review = useReviewState(withdrawal.data ?? { state: 'Pending', approvalsNeeded: 1, firstApproval: null });
  const back = { to: paths.adminChainWithdrawals.getHref(), label: t('chain.withdrawal.back') };
  const title = t('chain.withdrawal.title');

  if (withdrawal.isPending || withdrawal.isError) {
    return (
      <ConsolePage title={title} back={back}>
        <LoadingOrError query={withdrawal} />
      </ConsolePage>
    );
  }

  const w = withdrawal.data;
  return (
    <ConsolePage
      title={title}
      back={back}
      actions={
        w.state === 'Pending' && can('money.review') ? (
          <DecisionButtons
            idPrefix="chain-withdrawal"
            reasons={TETHER_WITHDRAWAL_REJECT_REASONS}
            rejectSchema={rejectSchema}
            decide={decide}
            alreadyReviewedCode="REQUEST_ALREADY_REVIEWED"
            texts={{
              labelsKey: 'money.decision',
              approveText:
                review.needsTwo && !review.first
                  ? t('money.approvals.approveFirstText')
                  : t('chain.withdrawals.decision.approveText'),
              reasonsKey: 'chain.withdrawals.reasons',
              approvedNotice: (r) =>
                r.state === 'Pending'
                  ? 'admin:money.approvals.firstRecorded'
                  : 'admin:chain.withdrawals.decision.approved',
              rejectedNotice: 'admin:chain.withdrawals.decision.rejected',
            }}
            approveBlockedBy={review.mineFirst ? firstApprovalId : undefined}
            // A first of two approvals leaves it pending: it stays here, showing who gave it.
            onDecided={(r) =>
              r.state === 'Pending' ? undefined : void navigate(paths.adminChainWithdrawals.getHref())
            }
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
      <FirstApprovalAlert id={firstApprovalId} r={w} />
      <PanelColumns>
        <Summary w={w} />
        <Destination w={w} sandbox={desk.data?.sandbox ?? true} />
      </PanelColumns>
    </ConsolePage>
  );
}
