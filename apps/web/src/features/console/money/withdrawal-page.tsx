import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { adminRejectWithdrawal } from '@portal/contract/admin/money';
import type { AdminWithdrawalDetail } from '@portal/contract/admin/money-desk';
import { WITHDRAWAL_REJECT_REASONS } from '@portal/contract/wallet/withdrawals';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { useDecideWithdrawal, withdrawalQueryOptions } from './api';
import { formatRelative } from '../shell/dates';
import { useCan } from '../shell/operator';
import { declared, personName } from '../shell/schemas';
import { ConsolePage, Detail, Details, LoadingOrError, Panel, PanelColumns } from '../shell/console-page';
import { MoneyDecisionButtons } from './money-decision';
import { ApprovalsDetails, FirstApprovalAlert, useReviewState } from '../shell/four-eyes/review-approvals';
import { MaskedNumber, Toman, useShebaBank, WithdrawalStateChip } from './money-labels';
import { ShebaNumber } from '../shell/sheba';

const rejectSchema = declared(adminRejectWithdrawal.body);

/** Who asked: their name (a link to their page when the role reads users) and number. */
export function Requester({ user }: { user: AdminWithdrawalDetail['user'] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const can = useCan();
  const name = personName(user.firstName, user.lastName) ?? t('users.noName');
  return (
    <>
      {can('users.read') ? (
        <Link component={RouterLink} to={paths.adminUser.getHref(user.id)} sx={{ fontWeight: 600 }}>
          {name}
        </Link>
      ) : (
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      )}
      <Typography dir="ltr" color="text.secondary">
        {displayMobile(user.mobile, fmt.lng)}
      </Typography>
    </>
  );
}

function Summary({ w }: { w: AdminWithdrawalDetail }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <Panel id="withdrawal-summary" title={t('money.summary')}>
      <Details>
        <Detail label={t('money.columns.user')}>
          <Requester user={w.user} />
        </Detail>
        <Detail label={t('money.columns.amount')}>
          <Typography component="span" sx={{ fontSize: '1.15rem' }}>
            <Toman amount={w.amount} strong />
          </Typography>
        </Detail>
        <Detail label={t('money.status')}>
          <WithdrawalStateChip state={w.state} />
        </Detail>
        <ApprovalsDetails r={w} />
        <Detail label={t('money.columns.requestedAt')}>
          {formatRelative(w.createdAt, fmt.lng)} – {fmt.date(w.createdAt, 'dateTime')}
        </Detail>
        {w.payoutAt ? <Detail label={t('withdrawals.payoutAt')}>{fmt.date(w.payoutAt, 'dateTime')}</Detail> : null}
        {w.reviewedAt ? <Detail label={t('money.reviewedAt')}>{fmt.date(w.reviewedAt, 'dateTime')}</Detail> : null}
        {w.rejectReason ? (
          <Detail label={t('money.rejectReason')}>{t(`withdrawals.reasons.${w.rejectReason}`)}</Detail>
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

function Destination({ w }: { w: AdminWithdrawalDetail }) {
  const { t } = useTranslation('admin');
  const bankOf = useShebaBank();
  const bank = bankOf(w.sheba);
  return (
    <Panel id="withdrawal-destination" title={t('withdrawals.destination.title')}>
      <Details>
        {bank ? <Detail label={t('withdrawals.destination.bank')}>{bank}</Detail> : null}
        <Detail label={t('withdrawals.destination.card')}>
          {w.cardNumberMasked ? (
            <MaskedNumber value={w.cardNumberMasked} />
          ) : (
            <Typography color="text.secondary">{t('withdrawals.destination.noCard')}</Typography>
          )}
        </Detail>
        <Detail label={t('withdrawals.destination.sheba')}>
          <ShebaNumber value={w.sheba} />
        </Detail>
      </Details>
    </Panel>
  );
}

/**
 * One withdrawal (`/admin/withdrawals/:withdrawalId`): who asked, how much, where it goes (the whole sheba
 * to pay, the card masked) and
 * since when; a pending one is approved (after a confirmation) or rejected with a reason by a role
 * with `money.review`.
 */
export default function WithdrawalPage({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const navigate = useNavigate();
  const withdrawal = useQuery(withdrawalQueryOptions(withdrawalId));
  const decide = useDecideWithdrawal(withdrawalId, withdrawal.data?.user.id ?? '');
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const firstApprovalId = useId();
  const review = useReviewState(withdrawal.data ?? { state: 'Pending', approvalsNeeded: 1, firstApproval: null });
  const back = { to: paths.adminWithdrawals.getHref(), label: t('withdrawals.back') };

  if (withdrawal.isPending || withdrawal.isError) {
    return (
      <ConsolePage title={t('withdrawals.itemTitle')} back={back}>
        <LoadingOrError query={withdrawal} />
      </ConsolePage>
    );
  }

  const w = withdrawal.data;
  return (
    <ConsolePage
      title={t('withdrawals.itemTitle')}
      back={back}
      actions={
        w.state === 'Pending' && can('money.review') ? (
          <MoneyDecisionButtons
            idPrefix="admin-withdrawal"
            reasons={WITHDRAWAL_REJECT_REASONS}
            rejectSchema={rejectSchema}
            decide={decide}
            texts={{
              approveText:
                review.needsTwo && !review.first
                  ? t('money.approvals.approveFirstText')
                  : t('withdrawals.decision.approveText'),
              reasonsKey: 'withdrawals.reasons',
              approvedNotice: (r) =>
                r.state === 'Pending' ? 'admin:money.approvals.firstRecorded' : 'admin:withdrawals.decision.approved',
              rejectedNotice: 'admin:withdrawals.decision.rejected',
            }}
            approveBlockedBy={review.mineFirst ? firstApprovalId : undefined}
            // A first of two approvals leaves the request pending: it stays here, showing who gave it.
            onDecided={(r) => (r.state === 'Pending' ? undefined : void navigate(paths.adminWithdrawals.getHref()))}
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
        <Destination w={w} />
      </PanelColumns>
    </ConsolePage>
  );
}
