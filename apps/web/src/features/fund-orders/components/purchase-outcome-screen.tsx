import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFund } from '../api/get-fund';
import { useFundPurchase } from '../api/purchases';
import { isUuid, notFound } from '../ids';
import { purchasePageOf, type OutcomePage } from '../outcome-pages';
import { useOrderFormat } from '../use-order-format';
import { OrderOutcome } from './order-outcome';
import { purchaseFigures } from './purchase-figures';

/**
 * `/fund/purchase/payment/{id}/success|waiting|unsuccess` (SPEC §2, §4): the purchase's outcome, as the
 * server says it is now. A waiting purchase is asked about again every few seconds and moves to its
 * success page when the day's NAV issues the units; an address that names another outcome than the
 * purchase's goes to the right one. A failed purchase offers a retry with the same amount.
 */
export default function PurchaseOutcomeScreen({ purchaseId, outcome }: { purchaseId: string; outcome: OutcomePage }) {
  const { t } = useTranslation('fundOrders');
  const valid = isUuid(purchaseId);
  const purchase = useFundPurchase(valid ? purchaseId : '', valid);
  const title = t(`outcome.${outcome}.pageTitle`);

  if (!valid)
    return (
      <PageShell title={title} backTo={paths.funds.getHref()}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (purchase.isPending)
    return (
      <PageShell title={title}>
        <SectionLoading />
      </PageShell>
    );
  if (purchase.isError)
    return (
      <PageShell title={title} backTo={paths.funds.getHref()}>
        <ErrorState error={purchase.error} onRetry={() => void purchase.refetch()} isRetrying={purchase.isFetching} />
      </PageShell>
    );
  const here = purchasePageOf(purchase.data);
  if (here !== paths.fundPurchaseOutcome.getHref(purchaseId, outcome)) return <Navigate to={here} replace />;
  return <Outcome purchase={purchase.data} outcome={outcome} />;
}

function Outcome({ purchase: p, outcome }: { purchase: FundPurchase; outcome: OutcomePage }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const fund = useFund(p.fundId);
  const fundName = fund.data ? fmt.text(fund.data.name) : null;
  const money = (v: string) => fmt.money(v, p.currency);
  const rows = purchaseFigures(p, fundName, fmt, t);
  const fundLink = (status?: 'success' | 'failed') => paths.fund.getHref(p.fundId, { status, orderid: p.id });

  const content =
    outcome === 'success' ? (
      <OrderOutcome
        tone="success"
        title={t('outcome.success.title')}
        text={t('outcome.success.text', {
          units: fmt.units(p.units ?? '0'),
          fund: fundName ?? t('outcome.theFund'),
          date: fmt.day(p.navDate),
        })}
        rows={rows}
        actions={
          <>
            <Button component={RouterLink} to={fundLink('success')} variant="contained">
              {t('outcome.toFund')}
            </Button>
            <Button component={RouterLink} to={paths.funds.getHref()} variant="outlined">
              {t('outcome.toFunds')}
            </Button>
          </>
        }
      />
    ) : outcome === 'waiting' ? (
      <OrderOutcome
        tone="waiting"
        title={t('outcome.waiting.title')}
        text={t('outcome.waiting.text', { amount: money(p.amount), date: fmt.day(p.navDate) })}
        rows={rows}
        actions={
          <>
            <Button component={RouterLink} to={fundLink()} variant="contained">
              {t('outcome.toFund')}
            </Button>
            <Button component={RouterLink} to={paths.userRequests.getHref()} variant="outlined">
              {t('outcome.toRequests')}
            </Button>
          </>
        }
      />
    ) : (
      <OrderOutcome
        tone="failed"
        title={t('outcome.unsuccess.title')}
        text={t(`outcome.failReason.${p.failReason ?? 'canceled'}`)}
        rows={rows}
        actions={
          <>
            <Button component={RouterLink} to={paths.fundPurchase.getHref(p.fundId, p.amount)} variant="contained">
              {t('outcome.retry')}
            </Button>
            <Button component={RouterLink} to={fundLink('failed')} variant="outlined">
              {t('outcome.toFund')}
            </Button>
          </>
        }
      />
    );

  return (
    <PageShell title={t(`outcome.${outcome}.pageTitle`)} backTo={paths.fund.getHref(p.fundId)}>
      <Section id="purchase-outcome" title={t('outcome.sectionTitle')}>
        {content}
      </Section>
    </PageShell>
  );
}
