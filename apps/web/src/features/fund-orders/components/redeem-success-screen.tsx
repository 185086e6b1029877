import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FundRedemption } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFund } from '../api/get-fund';
import { useFundRedemption } from '../api/redemptions';
import { isUuid, notFound } from '../ids';
import { useOrderFormat } from '../use-order-format';
import type { Figure } from './figures';
import { OrderOutcome } from './order-outcome';

/**
 * `/fund/redeem/success/{redemptionId}` (SPEC §2): the redemption as the server says it is now. Priced: the
 * proceeds that reached the wallet, the units and every fee, and the way back to the fund
 * (`sellStatus=success&redeemRequestId=…`). Waiting for today's NAV: said so, and asked again every few
 * seconds until it is priced. Cancelled (the proceeds at that NAV were not positive): the units are back.
 */
export default function RedeemSuccessScreen({ redemptionId }: { redemptionId: string }) {
  const { t } = useTranslation('fundOrders');
  const valid = isUuid(redemptionId);
  const redemption = useFundRedemption(redemptionId, valid);
  const title = t('redeemed.pageTitle');

  if (!valid)
    return (
      <PageShell title={title} backTo={paths.funds.getHref()}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (redemption.isPending)
    return (
      <PageShell title={title}>
        <SectionLoading />
      </PageShell>
    );
  if (redemption.isError)
    return (
      <PageShell title={title} backTo={paths.funds.getHref()}>
        <ErrorState
          error={redemption.error}
          onRetry={() => void redemption.refetch()}
          isRetrying={redemption.isFetching}
        />
      </PageShell>
    );
  return <Redeemed redemption={redemption.data} />;
}

function Redeemed({ redemption: r }: { redemption: FundRedemption }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const fund = useFund(r.fundId);
  const fundName = fund.data ? fmt.text(fund.data.name) : null;
  const money = (v: string | null) => (v === null ? null : fmt.money(v, r.currency));
  const row = (label: string, value: string | null, strong?: boolean): Figure | null =>
    value === null ? null : { label, value, strong };
  const rows = [
    fundName ? row(t('confirm.fund'), fundName) : null,
    row(t('order.status'), t(`order.redemptionState.${r.state}`)),
    row(t('order.createdAt'), fmt.date(r.createdAt, 'dateTime')),
    row(t('redeem.units'), t('breakdown.unitsValue', { units: fmt.units(r.units) })),
    r.nav === null ? null : row(t('redeem.pricePerShare', { date: fmt.day(r.navDate) }), money(r.nav)),
    row(t('redeem.value'), money(r.value)),
    row(t('redeem.fixedFee'), money(r.fixedFee)),
    row(t('redeem.performanceFee'), money(r.performanceFee)),
    row(t('redeem.earlyExitFee'), money(r.earlyExitFee)),
    row(t('redeem.proceeds'), money(r.proceeds), true),
  ];
  const toFund =
    r.outcome === 'canceled'
      ? paths.fund.getHref(r.fundId)
      : paths.fund.getHref(r.fundId, { sellStatus: 'success', redeemRequestId: r.id });

  return (
    <PageShell title={t(`redeemed.${r.outcome}.pageTitle`)} backTo={paths.fund.getHref(r.fundId)}>
      <Section id="redeem-outcome" title={t('redeemed.sectionTitle')}>
        <OrderOutcome
          tone={r.outcome === 'success' ? 'success' : r.outcome === 'waiting' ? 'waiting' : 'failed'}
          title={t(`redeemed.${r.outcome}.title`)}
          text={t(`redeemed.${r.outcome}.text`, {
            units: fmt.units(r.units),
            proceeds: money(r.proceeds) ?? '',
            date: fmt.day(r.navDate),
          })}
          rows={rows}
          actions={
            <>
              <Button component={RouterLink} to={toFund} variant="contained">
                {t('outcome.toFund')}
              </Button>
              {r.outcome === 'success' ? (
                <Button component={RouterLink} to={paths.wallet.getHref()} variant="outlined">
                  {t('redeemed.toWallet')}
                </Button>
              ) : r.outcome === 'waiting' ? (
                <Button component={RouterLink} to={paths.userRequests.getHref()} variant="outlined">
                  {t('outcome.toRequests')}
                </Button>
              ) : (
                <Button component={RouterLink} to={paths.fundRedeem.getHref(r.fundId)} variant="outlined">
                  {t('redeemed.sellAgain')}
                </Button>
              )}
            </>
          }
        />
      </Section>
    </PageShell>
  );
}
