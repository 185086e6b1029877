import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROPOSAL_PERMISSION, type Proposal } from '@portal/contract/admin/proposals';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { proposalQueryOptions } from './api';
import { formatRelative } from '../shell/dates';
import { useCan, useOperator, type Operator } from '../shell/operator';
import { personName } from '../shell/schemas';
import { ConsolePage, Detail, Details, LoadingOrError, Panel } from '../shell/console-page';
import { useLocalized } from '../shell/localized';
import { ProposalDecisionButtons } from './proposal-decision';
import { ProposalEffectView } from '../shell/four-eyes/proposal-effect';
import { ProposalStatusChip, useProposalFormat } from '../shell/four-eyes/proposal-labels';

type BlockReason = 'own' | 'needsAdmin' | 'holder' | 'credited';

/**
 * Why the viewer may not approve, known before asking (the server checks it again, and its refusal shows
 * in the dialog): their own proposal, a NAV beyond the bound for a non-admin, a fund they hold units of,
 * a statement that credits them.
 */
function blockReasonOf(p: Proposal, me: Operator): BlockReason | null {
  if (p.proposedBy.id === me.id) return 'own';
  const e = p.effect;
  if (!e) return null;
  if ((e.kind === 'nav_publish' || e.kind === 'nav_correction') && e.needsAdmin && me.role !== 'admin') {
    return 'needsAdmin';
  }
  if (
    (e.kind === 'nav_publish' || e.kind === 'nav_correction' || e.kind === 'dividend') &&
    e.holders.some((h) => h.userId === me.id)
  ) {
    return 'holder';
  }
  if (e.kind === 'bank_statement_import' && e.credits.some((c) => c.userId === me.id)) return 'credited';
  return null;
}

/** Where what a proposal changes is seen: the fund's tab, the statement lines, the tether desk, the chain desk. */
function resultHref(p: Proposal): string | null {
  if (p.kind === 'bank_statement_import') return paths.adminBankStatements.getHref();
  if (p.kind === 'tether_settings') return paths.adminTether.getHref();
  if (p.kind === 'chain_settings') return paths.adminChain.getHref();
  if (p.kind === 'basket_settings') return paths.adminBasketSettings.getHref();
  if (!p.fund) return null;
  const tab = p.kind === 'dividend' ? 'dividends' : p.kind === 'fund_terms' ? 'terms' : 'navs';
  return paths.adminFund.getHref(p.fund.id, tab);
}

/** An operator of a proposal: name and number, when. */
function Who({ person, at }: { person: Proposal['proposedBy']; at: string }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
          {personName(person.firstName, person.lastName) ?? t('users.noName')}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary" dir="ltr">
          {displayMobile(person.mobile, fmt.lng)}
        </Typography>
      </Box>
      <Typography component="span" variant="body2" color="text.secondary">
        {formatRelative(at, fmt.lng)} – {fmt.date(at, 'dateTime')}
      </Typography>
    </Box>
  );
}

function Summary({ p }: { p: Proposal }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const can = useCan();
  const localized = useLocalized();
  const currency = p.fund?.currency ?? '';
  const result = p.status === 'Approved' ? resultHref(p) : null;
  return (
    <Panel id="proposal-summary" title={t('proposals.summary')}>
      <Details>
        <Detail label={t('proposals.columns.kind')}>{t(`proposals.kinds.${p.kind}`)}</Detail>
        {p.fund ? (
          <Detail label={t('proposals.columns.fund')}>
            {can('funds.read') ? (
              <Link component={RouterLink} to={paths.adminFund.getHref(p.fund.id)} sx={{ fontWeight: 600 }}>
                {localized(p.fund.name)}
              </Link>
            ) : (
              localized(p.fund.name)
            )}
          </Detail>
        ) : null}
        <Detail label={t('proposals.status')}>
          <span data-testid="proposal-status">
            <ProposalStatusChip status={p.status} />
          </span>
        </Detail>
        {p.payload.kind === 'nav_publish' || p.payload.kind === 'nav_correction' ? (
          <>
            <Detail label={t('proposals.payload.navDate')}>{pf.day(p.payload.navDate)}</Detail>
            <Detail label={t('proposals.payload.nav')}>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {pf.moneyOf(p.payload.nav, currency)}
              </Box>
            </Detail>
          </>
        ) : null}
        {p.payload.kind === 'nav_correction' ? (
          <Detail label={t('proposals.payload.reason')}>
            <span dir="auto">{p.payload.reason}</span>
          </Detail>
        ) : null}
        {p.payload.kind === 'dividend' ? (
          <Detail label={t('proposals.payload.perUnit')}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {pf.moneyOf(p.payload.perUnit, currency)}
            </Box>
          </Detail>
        ) : null}
        {p.payload.kind === 'bank_statement_import' ? (
          <Detail label={t('proposals.payload.fileName')}>
            <Box component="bdi" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
              {p.payload.fileName}
            </Box>
          </Detail>
        ) : null}
        <Detail label={t('proposals.proposedBy')}>
          <Who person={p.proposedBy} at={p.proposedAt} />
        </Detail>
        {p.decidedBy && p.decidedAt ? (
          <Detail label={p.status === 'Approved' ? t('proposals.approvedBy') : t('proposals.rejectedBy')}>
            <span data-testid="proposal-decided-by">
              <Who person={p.decidedBy} at={p.decidedAt} />
            </span>
          </Detail>
        ) : null}
        {p.rejectReason ? (
          <Detail label={t('proposals.rejectReason')}>
            <span dir="auto">{p.rejectReason}</span>
          </Detail>
        ) : null}
        {result ? (
          <Detail label={t('proposals.result')}>
            <Link component={RouterLink} to={result}>
              {t(`proposals.resultLink.${p.kind}`)}
            </Link>
          </Detail>
        ) : null}
      </Details>
    </Panel>
  );
}

/**
 * One proposal (`/admin/proposals/:proposalId`): what was proposed, by whom and when, and, while pending,
 * what approving it would do now (for a NAV: every holder's value before → after, operators marked).
 * A second operator with `proposals.decide` and the kind's permission approves or rejects it; the
 * proposer may only withdraw it (their Approve is off and says why). Decided ones say who and when.
 */
export default function ProposalPage({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const me = useOperator();
  const localized = useLocalized();
  const proposal = useQuery(proposalQueryOptions(proposalId));
  const [alreadyReviewed, setAlreadyReviewed] = useState(false);
  const blockedId = useId();
  const back = { to: paths.adminProposals.getHref(), label: t('proposals.back') };

  if (proposal.isPending || proposal.isError) {
    return (
      <ConsolePage title={t('proposals.itemTitle')} back={back}>
        <LoadingOrError query={proposal} />
      </ConsolePage>
    );
  }

  const p = proposal.data;
  const pending = p.status === 'Pending';
  const canDecide = can('proposals.decide') && can(PROPOSAL_PERMISSION[p.kind]);
  const blocked = pending ? blockReasonOf(p, me) : null;
  const title = p.fund
    ? t('proposals.itemTitleOf', { kind: t(`proposals.kinds.${p.kind}`), fund: localized(p.fund.name) })
    : t(`proposals.kinds.${p.kind}`);

  return (
    <ConsolePage
      title={title}
      back={back}
      actions={
        pending && canDecide ? (
          <ProposalDecisionButtons
            proposal={p}
            own={p.proposedBy.id === me.id}
            approveBlockedBy={blocked ? blockedId : undefined}
            onAlreadyReviewed={() => setAlreadyReviewed(true)}
          />
        ) : null
      }
    >
      {alreadyReviewed ? (
        <Alert severity="warning" onClose={() => setAlreadyReviewed(false)}>
          {t('proposals.decision.alreadyReviewed')}
        </Alert>
      ) : null}
      {blocked && (canDecide || blocked === 'own') ? (
        <Alert id={blockedId} severity="info" data-testid="proposal-block-reason">
          {t(`proposals.blocked.${blocked}`)}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Summary p={p} />
        <Panel id="proposal-effect" title={pending ? t('proposals.effect.title') : t('proposals.effect.decidedTitle')}>
          {pending ? (
            <Typography variant="body2" color="text.secondary">
              {t(
                p.kind === 'bank_statement_import'
                  ? 'proposals.effect.liveStatement'
                  : p.kind === 'tether_settings'
                    ? 'proposals.effect.liveTether'
                    : p.kind === 'chain_settings'
                      ? 'proposals.effect.liveChain'
                      : p.kind === 'basket_settings'
                        ? 'proposals.effect.liveBasket'
                        : 'proposals.effect.live',
              )}
            </Typography>
          ) : null}
          <ProposalEffectView p={p} />
        </Panel>
      </Box>
    </ConsolePage>
  );
}
