import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AdminFund } from '@portal/contract/admin/funds';
import type { PurchaseStatus, RedemptionStatus } from '@portal/contract/funds/funds';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';

type ChipColor = 'warning' | 'info' | 'success' | 'error' | 'default';

/** An amount of a fund's currency, grouped, in the language's digits, with the currency's name. */
export function FundMoney({
  amount,
  currency,
  strong = false,
}: {
  amount: string;
  currency: AdminFund['currency'];
  strong?: boolean;
}) {
  const fmt = useFormat();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }}>
      {fmt.money(amount, currency)}
    </Box>
  );
}

/** Where a fund stands for investors: published or draft, buying or redeeming paused, demo, today's NAV. */
export function FundStateChips({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={fund.published ? 'success' : 'default'}
        label={t(fund.published ? 'funds.state.published' : 'funds.state.draft')}
      />
      {fund.buyingPaused ? (
        <Chip size="small" variant="outlined" color="warning" label={t('funds.state.buyingPaused')} />
      ) : null}
      {fund.redeemingPaused ? (
        <Chip size="small" variant="outlined" color="warning" label={t('funds.state.redeemingPaused')} />
      ) : null}
      {fund.isDemo ? <Chip size="small" variant="outlined" color="info" label={t('funds.state.demo')} /> : null}
      <Chip
        size="small"
        variant="outlined"
        color={fund.navToday ? 'success' : 'error'}
        label={t(fund.navToday ? 'funds.state.navToday' : 'funds.state.noNavToday')}
      />
    </Box>
  );
}

const PURCHASE_COLOR: Record<PurchaseStatus, ChipColor> = {
  PaymentPending: 'info',
  Waiting: 'warning',
  Successful: 'success',
  Failed: 'error',
  Canceled: 'default',
};
const REDEMPTION_COLOR: Record<RedemptionStatus, ChipColor> = {
  Waiting: 'warning',
  Successful: 'success',
  Canceled: 'default',
};

export function PurchaseStateChip({ state }: { state: PurchaseStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PURCHASE_COLOR[state]}
      label={t(`funds.orders.purchaseStates.${state}`)}
    />
  );
}

export function RedemptionStateChip({ state }: { state: RedemptionStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={REDEMPTION_COLOR[state]}
      label={t(`funds.orders.redemptionStates.${state}`)}
    />
  );
}

/** The rule of a fund desk field as a sentence: the desk's own (`funds.rules.<rule>`), else the shared one. */
export function useFundRuleMessage(): (rule: string | undefined, values?: Record<string, string>) => string {
  const { t, i18n } = useTranslation('admin');
  return (rule, values) => {
    if (!rule) return ' ';
    if (i18n.exists(`admin:funds.rules.${rule}`)) return t(`funds.rules.${rule}`, values);
    if (i18n.exists(`translation:validation.${rule}`)) return t(`translation:validation.${rule}`, values);
    return t('translation:validation.format');
  };
}

/**
 * The sentence of an error of the fund desk: its own codes in the desk's words (`funds.errors.<CODE>`),
 * a refused rule in the desk's words, else the app's.
 */
export function useFundErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('admin');
  const generic = useErrorMessage();
  const rule = useFundRuleMessage();
  return (error) => {
    if (isApiError(error)) {
      const issue = error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
      if (issue && i18n.exists(`admin:funds.rules.${issue.rule}`)) {
        const values = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, String(v)]));
        return rule(issue.rule, values);
      }
      if (i18n.exists(`admin:funds.errors.${error.code}`)) return t(`funds.errors.${error.code}`);
    }
    return generic(error);
  };
}
