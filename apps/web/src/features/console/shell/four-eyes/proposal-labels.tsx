import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Proposal, ProposalStatus } from '@portal/contract/admin/proposals';
import { CURRENCY_SCALE, type Currency } from '@portal/contract/core/money';
import { UNIT_SCALE } from '@portal/contract/funds/pricing';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatDecimal } from '@/lib/format-money';
import { formatDay } from '../dates';

const STATUS_COLOR: Record<ProposalStatus, 'warning' | 'success' | 'error'> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'error',
};

export function ProposalStatusChip({ status }: { status: ProposalStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`proposals.statuses.${status}`)} />
  );
}

/** The mark of a holder or a credited user who is an operator (any console role). */
export function OperatorChip() {
  const { t } = useTranslation('admin');
  return <Chip size="small" color="warning" label={t('proposals.effect.operator')} />;
}

/** The viewer's own proposal, in a list. */
export function MineChip() {
  const { t } = useTranslation('admin');
  return <Chip size="small" variant="outlined" color="info" label={t('proposals.mine')} />;
}

const isCurrency = (c: string): c is Currency => Object.hasOwn(CURRENCY_SCALE, c);

/** The format helpers of a proposal: money of a currency the server names, units, signed percent changes. */
export function useProposalFormat() {
  const fmt = useFormat();
  return {
    ...fmt,
    /** An amount with its currency's name (a currency the contract does not know is shown by its code). */
    moneyOf: (amount: string, currency: string) =>
      isCurrency(currency) ? fmt.money(amount, currency) : `${formatDecimal(amount, fmt.lng)} ${currency}`,
    units: (units: string) => formatDecimal(units, fmt.lng, { maxFractionDigits: UNIT_SCALE }),
    /** Basis points as a signed percent: `+۵٫۲۵٪`, `−۰٫۵٪`. */
    changeOf: (bps: number) =>
      fmt.number(bps / 10_000, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 2 }),
    day: (isoDay: string) => formatDay(isoDay, fmt.lng, fmt.calendar),
  };
}

/** A signed percent change, kept left to right inside a right-to-left sentence (`+۵٪`). */
export function ChangeText({ bps, testId }: { bps: number; testId?: string }) {
  const pf = useProposalFormat();
  return (
    <Box
      component="bdi"
      dir="ltr"
      data-testid={testId}
      sx={{ fontWeight: 700, color: bps > 0 ? 'success.main' : bps < 0 ? 'error.main' : undefined }}
    >
      {pf.changeOf(bps)}
    </Box>
  );
}

/**
 * What a proposal proposes, in one line: `NAV of 1404/05/10: 126,000 toman`, `1,500 toman a unit`,
 * the statement's file name, the sections of terms it changes, the tether market's spread and fee, tether
 * on chain's daily limit and review bounds.
 */
export function useProposalSubject(): (p: Proposal) => string {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  return (p) => {
    const currency = p.fund?.currency ?? '';
    switch (p.payload.kind) {
      case 'nav_publish':
      case 'nav_correction':
        return t('proposals.subject.nav', {
          date: pf.day(p.payload.navDate),
          nav: pf.moneyOf(p.payload.nav, currency),
        });
      case 'dividend':
        return t('proposals.subject.dividend', { perUnit: pf.moneyOf(p.payload.perUnit, currency) });
      case 'bank_statement_import':
        return t('proposals.subject.import', { file: p.payload.fileName });
      case 'fund_terms': {
        const parts = (['fees', 'limits', 'buyingPaused', 'redeemingPaused'] as const).filter(
          (k) => p.payload.kind === 'fund_terms' && p.payload[k] !== undefined,
        );
        return parts.map((k) => t(`proposals.terms.sections.${k}`)).join('، ');
      }
      case 'tether_settings':
        return t('proposals.subject.tether', {
          spread: pf.number(p.payload.spreadBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
          fee: pf.number(p.payload.feeBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
        });
      case 'chain_settings':
        return t('proposals.subject.chain', {
          limit: pf.moneyOf(p.payload.dailyWithdrawalLimit, 'USDT'),
          review: pf.moneyOf(p.payload.reviewAbove, 'USDT'),
          second: pf.moneyOf(p.payload.secondReviewAbove, 'USDT'),
        });
      case 'basket_settings':
        return t('proposals.subject.basket', {
          fee: pf.number(p.payload.feeBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
          excluded: pf.number(p.payload.excludedSymbols.length),
        });
    }
  };
}

/**
 * After a desk proposed (a NAV, a correction, a dividend, a statement import, new terms): nothing has
 * changed yet; it waits for a second operator, and the link opens the proposal.
 */
export function ProposedAlert({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert
      severity="info"
      icon={<HourglassTopOutlined />}
      onClose={onClose}
      role="status"
      data-testid="proposal-proposed"
    >
      <AlertTitle>{t('proposals.proposed.title')}</AlertTitle>
      <Box component="span" sx={{ display: 'block', mb: 0.5 }}>
        {t(`proposals.proposed.text.${proposal.kind}`)}
      </Box>
      <Link component={RouterLink} to={paths.adminProposal.getHref(proposal.id)} sx={{ fontWeight: 600 }}>
        {t('proposals.proposed.open')}
      </Link>
    </Alert>
  );
}
