import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import type { FundPurchase } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFund } from '../api/get-fund';
import { useFundPurchase, useVerifyPurchase, type GatewayReturn } from '../api/purchases';
import { goToGateway, recallGateway } from '../gateway-redirect';
import { isUuid, notFound } from '../ids';
import { purchasePageOf } from '../outcome-pages';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';
import { purchaseFigures } from './purchase-figures';

/**
 * `/fund/purchase/payment/{purchaseRequestId}` (SPEC §2): the purchase request and its status.
 *
 * - Back from the gateway (`?Authority=…&Status=OK|NOK`, the contract's `verifyFundPurchasePayment`): the
 *   server verifies the payment (once, however often it is asked) and the page moves on to the outcome
 *   page the answer names, as the gateway deposit's return page does.
 * - Otherwise: the request as it is now, asked again every few seconds while it is pending or waiting; a
 *   card payment not made yet can go back to the gateway (from this tab), or start over.
 */
export default function PaymentScreen({
  purchaseId,
  gatewayReturn,
  navigate = goToGateway,
}: {
  purchaseId: string;
  /** The gateway's `Authority` and `Status` from the address, when the payer is back from it. */
  gatewayReturn: Omit<GatewayReturn, 'purchaseId'> | null;
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation('fundOrders');
  if (!isUuid(purchaseId))
    return (
      <PageShell title={t('payment.pageTitle')} backTo={paths.funds.getHref()}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  return gatewayReturn ? (
    <VerifyReturn value={{ purchaseId, ...gatewayReturn }} />
  ) : (
    <PurchaseRequest purchaseId={purchaseId} navigate={navigate} />
  );
}

function VerifyReturn({ value }: { value: GatewayReturn }) {
  const { t } = useTranslation('fundOrders');
  const verification = useVerifyPurchase(value);
  if (verification.data) return <Navigate to={purchasePageOf(verification.data)} replace />;
  return (
    <PageShell title={t('payment.pageTitle')}>
      <Section id="purchase-payment" title={t('payment.returnTitle')}>
        {verification.isError ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <ErrorState
              error={verification.error}
              onRetry={() => void verification.refetch()}
              isRetrying={verification.isFetching}
            />
            <Button component={RouterLink} to={paths.userRequests.getHref()} variant="outlined">
              {t('outcome.toRequests')}
            </Button>
          </Stack>
        ) : (
          <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-hidden="true" />
            <Typography>{t('payment.checking')}</Typography>
          </Stack>
        )}
      </Section>
    </PageShell>
  );
}

function PurchaseRequest({ purchaseId, navigate }: { purchaseId: string; navigate: (url: string) => void }) {
  const { t } = useTranslation('fundOrders');
  const purchase = useFundPurchase(purchaseId);
  if (purchase.isPending)
    return (
      <PageShell title={t('payment.pageTitle')}>
        <SectionLoading />
      </PageShell>
    );
  if (purchase.isError)
    return (
      <PageShell title={t('payment.pageTitle')} backTo={paths.funds.getHref()}>
        <ErrorState error={purchase.error} onRetry={() => void purchase.refetch()} isRetrying={purchase.isFetching} />
      </PageShell>
    );
  return <RequestDetails purchase={purchase.data} navigate={navigate} />;
}

function RequestDetails({ purchase: p, navigate }: { purchase: FundPurchase; navigate: (url: string) => void }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const fund = useFund(p.fundId);
  const [leaving, setLeaving] = useState(false);
  const gateway = p.outcome === 'pending' && p.method === 'card' ? recallGateway(p.id) : null;

  return (
    <PageShell title={t('payment.pageTitle')} backTo={paths.fund.getHref(p.fundId)}>
      <Section id="purchase-payment" title={t('payment.requestTitle')}>
        <Figures rows={purchaseFigures(p, fund.data ? fmt.text(fund.data.name) : null, fmt, t)} />
        {p.outcome === 'pending' ? (
          <Stack spacing={2}>
            <Alert severity="info" role="status">
              {t('payment.pendingText')}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {gateway ? (
                <Button
                  variant="contained"
                  loading={leaving}
                  onClick={() => {
                    setLeaving(true);
                    navigate(gateway);
                  }}
                >
                  {t('payment.continue')}
                </Button>
              ) : null}
              <Button
                component={RouterLink}
                to={paths.fundPurchase.getHref(p.fundId, p.amount)}
                variant={gateway ? 'outlined' : 'contained'}
              >
                {t('payment.startOver')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography role="status">{t(`payment.settled.${p.outcome}`)}</Typography>
            <Button component={RouterLink} to={purchasePageOf(p)} variant="contained">
              {t('payment.viewResult')}
            </Button>
          </Stack>
        )}
      </Section>
    </PageShell>
  );
}
