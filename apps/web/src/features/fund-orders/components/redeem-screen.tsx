import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundHolding } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFund } from '../api/get-fund';
import { useFundHolding } from '../api/redemptions';
import { isUuid, notFound } from '../ids';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';
import { FundSummary } from './fund-summary';
import { RedeemForm } from './redeem-form';
import { RedemptionPlanner } from './redemption-planner';

const hasAny = (units: string) => /[1-9]/.test(units);

/**
 * `/fund/redeem/{id}` (SPEC §2 "Fund redeem"; id is the fund's): what the user holds (units, free units,
 * price per share), the redemption form with its live fees and confirm dialog, and the redemption planner
 * (beyond the spec, issue 6): each lot, its fee today and the day it becomes free. A fund whose redeeming
 * is paused says so (SPEC §8) and takes nothing; nothing held, nothing to sell.
 */
export default function RedeemScreen({ fundId }: { fundId: string }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const valid = isUuid(fundId);
  const fund = useFund(fundId, valid);
  const holding = useFundHolding(fundId, valid);
  const back = valid ? paths.fund.getHref(fundId) : paths.funds.getHref();
  const generic = t('redeem.pageTitleGeneric');

  if (!valid)
    return (
      <PageShell title={generic} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (fund.isError || holding.isError) {
    const failed = fund.isError ? fund : holding;
    return (
      <PageShell title={generic} backTo={back}>
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} isRetrying={failed.isFetching} />
      </PageShell>
    );
  }
  if (fund.isPending || holding.isPending)
    return (
      <PageShell title={generic} backTo={back}>
        <SectionLoading />
      </PageShell>
    );

  const f = fund.data;
  const h = holding.data;
  const paused = f.redeemingPaused || h.redeemingPaused;
  return (
    <PageShell title={t('redeem.pageTitle', { fund: fmt.text(f.name) })} backTo={back} wide>
      {paused ? (
        <Alert severity="warning" role="alert">
          {t('paused.text')}
        </Alert>
      ) : null}
      <Section id="redeem-holding" title={t('redeem.holdingTitle')}>
        <HoldingFigures fund={f} holding={h} />
      </Section>
      {!hasAny(h.totalUnits) ? (
        <Section id="redeem-empty" title={t('redeem.formTitle')}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t('redeem.noUnits')}</Typography>
            <Button
              component={RouterLink}
              to={paths.fundPurchase.getHref(f.id)}
              variant="contained"
              disabled={f.buyingPaused}
            >
              {t('redeem.buy')}
            </Button>
          </Stack>
        </Section>
      ) : !hasAny(h.units) ? (
        <Alert severity="info">{t('redeem.allHeld', { units: fmt.units(h.heldUnits) })}</Alert>
      ) : (
        <RedeemForm key={f.id} fund={f} holding={h} paused={paused} />
      )}
      {hasAny(h.totalUnits) ? (
        <Section id="redeem-planner" title={t('planner.title')}>
          <Typography variant="body2" color="text.secondary">
            {t('planner.text')}
          </Typography>
          <RedemptionPlanner holding={h} />
        </Section>
      ) : null}
    </PageShell>
  );
}

function HoldingFigures({ fund, holding: h }: { fund: FundDetail; holding: FundHolding }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const money = (v: string) => fmt.money(v, h.currency);
  return (
    <FundSummary fund={fund}>
      <Figures
        rows={[
          { label: t('redeem.available'), value: fmt.units(h.units) },
          hasAny(h.heldUnits)
            ? { label: t('redeem.held'), note: t('redeem.heldNote'), value: fmt.units(h.heldUnits) }
            : null,
          { label: t('redeem.freeUnits'), note: t('redeem.freeUnitsNote'), value: fmt.units(h.freeUnits) },
          h.latestNav
            ? {
                label: t('redeem.pricePerShare', { date: fmt.day(h.latestNav.navDate) }),
                value: money(h.latestNav.nav),
              }
            : null,
          h.value === null ? null : { label: t('redeem.holdingValue'), value: money(h.value) },
          h.profit === null ? null : { label: t('redeem.profit'), value: money(h.profit) },
        ]}
      />
    </FundSummary>
  );
}
