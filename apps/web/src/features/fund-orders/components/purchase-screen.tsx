import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useWallets } from '@/lib/queries/wallets';
import { useAccount } from '@/lib/session';
import { useFund } from '../api/get-fund';
import { notFound, isUuid } from '../ids';
import { useOrderFormat } from '../use-order-format';
import { FundSummary } from './fund-summary';
import { PurchaseForm } from './purchase-form';
import type { BuyTetherStep } from './tether-shortfall';

/**
 * `/fund/purchase/{fundId}?amount=` (SPEC §2 "Fund purchase"): the fund, then the purchase form with its
 * live fee breakdown, payment by wallet balance or card, terms, penalty notice and confirm dialog. A fund
 * whose buying is paused says so (SPEC §8) and takes nothing. Needs KYC level one: the server's
 * `KYC_REQUIRED` opens the forced-KYC dialog; the page says so before the user tries. `buyTether` (the route
 * composes the tether feature's step) lets a tether fund's buyer buy the tether missing without leaving.
 */
export default function PurchaseScreen({
  fundId,
  initialAmount = '',
  navigate,
  buyTether,
}: {
  fundId: string;
  initialAmount?: string;
  navigate?: (url: string) => void;
  buyTether?: BuyTetherStep;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const valid = isUuid(fundId);
  const fund = useFund(fundId, valid);
  const wallets = useWallets();
  const kycLevel = useAccount().data?.user.kycLevel;
  const back = paths.fund.getHref(fundId);

  if (!valid)
    return (
      <PageShell title={t('purchase.pageTitleGeneric')} backTo={paths.funds.getHref()}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (fund.isPending)
    return (
      <PageShell title={t('purchase.pageTitleGeneric')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (fund.isError)
    return (
      <PageShell title={t('purchase.pageTitleGeneric')} backTo={back}>
        <ErrorState error={fund.error} onRetry={() => void fund.refetch()} isRetrying={fund.isFetching} />
      </PageShell>
    );

  const f = fund.data;
  const available = wallets.data?.items.find((w) => w.currency === f.currency)?.available ?? null;
  return (
    <PageShell title={t('purchase.pageTitle', { fund: fmt.text(f.name) })} backTo={back}>
      {f.buyingPaused ? (
        <Alert severity="warning" role="alert">
          {t('paused.text')}
        </Alert>
      ) : null}
      {kycLevel !== undefined && kycLevel < 1 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.profileKyc.getHref()} color="inherit" size="small">
              {t('kyc.action')}
            </Button>
          }
        >
          {t('kyc.text')}
        </Alert>
      ) : null}
      <Section id="purchase-fund" title={t('purchase.fundTitle')}>
        <FundSummary fund={f} />
      </Section>
      {wallets.isError ? (
        <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
      ) : null}
      <PurchaseForm
        key={f.id}
        fund={f}
        available={available}
        initialAmount={initialAmount}
        paused={f.buyingPaused}
        balanceRefreshing={wallets.isFetching}
        {...(navigate ? { navigate } : {})}
        {...(buyTether ? { buyTether } : {})}
      />
    </PageShell>
  );
}
