import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { BasketRebalancePreview, BasketTrade } from '@portal/contract/baskets/orders';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { basketQueryOptions, rebalancePreviewQueryOptions } from '@/lib/queries/baskets';
import { useConfirmRebalance } from '../api/orders';
import { isUncertain, isUuid, notFound } from '../ids';
import { useBasketErrorMessage } from '../messages';
import { useBasketFormat } from '../use-basket-format';
import { Figures } from './figures';

/**
 * `/rebalance-order/request/{orderId}` (SPEC §2, issue 20): the trades a rebalance to the target weights would
 * make now (sells, then buys, at the latest prices) and their fees, then the confirmation (one idempotency key
 * per attempt; a lost answer is retried with it, never a second rebalance) and on to the success page. A
 * basket still being built (`BASKET_NOT_READY`), closed, or already on target says so and trades nothing.
 */
export function RebalanceRequestScreen({ basketId }: { basketId: string }) {
  const { t } = useTranslation('baskets');
  const valid = isUuid(basketId);
  const preview = useQuery({ ...rebalancePreviewQueryOptions(basketId), enabled: valid, retry: false });
  const back = valid ? paths.basketOrder.getHref(basketId) : paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={t('rebalance.pageTitle')} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  if (preview.isPending)
    return (
      <PageShell title={t('rebalance.pageTitle')} backTo={back}>
        <SectionLoading />
      </PageShell>
    );
  if (preview.isError)
    return (
      <PageShell title={t('rebalance.pageTitle')} backTo={back}>
        <PreviewRefused
          error={preview.error}
          basketId={basketId}
          onRetry={() => void preview.refetch()}
          retrying={preview.isFetching}
        />
      </PageShell>
    );
  return (
    <PageShell title={t('rebalance.pageTitle')} backTo={back}>
      <Preview preview={preview.data} refreshing={preview.isFetching} onRefresh={() => void preview.refetch()} />
    </PageShell>
  );
}

/** A basket being built or closed is a state of the basket, not a failure: said as such, with the way back. */
function PreviewRefused({
  error,
  basketId,
  onRetry,
  retrying,
}: {
  error: unknown;
  basketId: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('baskets');
  const errorMessage = useBasketErrorMessage();
  if (isApiError(error) && (error.code === 'BASKET_NOT_READY' || error.code === 'BASKET_CLOSED'))
    return (
      <Alert
        severity="info"
        role="alert"
        action={
          <Button component={RouterLink} to={paths.basketOrder.getHref(basketId)} color="inherit" size="small">
            {t('rebalance.toBasket')}
          </Button>
        }
        sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        {errorMessage(error)}
      </Alert>
    );
  return <ErrorState error={error} onRetry={onRetry} isRetrying={retrying} />;
}

function TradeRow({ trade }: { trade: BasketTrade }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.25, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          <Box component="span" sx={{ color: trade.side === 'buy' ? 'success.main' : 'error.main' }}>
            {t(`rebalance.${trade.side}`)}
          </Box>{' '}
          <bdi>{trade.symbol}</bdi>
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          <bdi>{fmt.usdt(trade.quoteAmount)}</bdi>
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('rebalance.quantity')}: <bdi>{fmt.quantity(trade.quantity)}</bdi> · {t('rebalance.price')}:{' '}
        <bdi>{fmt.price(trade.price)}</bdi> · {t(`exchange.${trade.exchange}`)} · {t('rebalance.fee')}:{' '}
        <bdi>{fmt.usdt(trade.fee)}</bdi>
      </Typography>
    </Box>
  );
}

function Preview({
  preview: p,
  refreshing,
  onRefresh,
}: {
  preview: BasketRebalancePreview;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const navigate = useNavigate();
  const errorMessage = useBasketErrorMessage();
  const confirm = useConfirmRebalance(p.basketId);
  const key = useRef<string | null>(null);
  const [uncertain, setUncertain] = useState(false);
  const submit = () => {
    if (confirm.isPending) return;
    key.current ??= newIdempotencyKey();
    confirm.mutate(
      { idempotencyKey: key.current },
      {
        onSuccess: () => void navigate(paths.rebalanceSuccess.getHref(p.basketId)),
        onError: (e) => {
          const unknown = isUncertain(e);
          setUncertain(unknown);
          if (!unknown) key.current = null;
        },
      },
    );
  };
  return (
    <>
      <Typography color="text.secondary">{t('rebalance.intro')}</Typography>
      <Section id="rebalance-figures" title={t('rebalance.summary')}>
        <Figures
          label={t('rebalance.summary')}
          rows={[
            { label: t('order.value'), value: <bdi>{fmt.value(p.value)}</bdi> },
            { label: t('rebalance.driftBefore'), value: fmt.weight(p.driftBefore) },
            { label: t('rebalance.driftAfter'), value: fmt.weight(p.driftAfter) },
            { label: t('rebalance.fees'), value: <bdi>{fmt.usdt(p.estimatedFees)}</bdi>, strong: true },
          ]}
        />
        <Typography variant="body2" color="text.secondary">
          {t('rebalance.asOf', { time: fmt.date(p.asOf, 'dateTime'), percent: fmt.percent(p.feeBps / 10_000) })}
        </Typography>
      </Section>
      <Section
        id="rebalance-trades"
        title={t('rebalance.trades')}
        action={
          <Button size="small" onClick={onRefresh} loading={refreshing} disabled={confirm.isPending}>
            {t('rebalance.refresh')}
          </Button>
        }
      >
        {p.needed && p.trades.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {p.trades.map((tr, i) => (
              <TradeRow key={`${tr.side}-${tr.symbol}-${tr.exchange}-${i}`} trade={tr} />
            ))}
          </Box>
        ) : (
          <Typography role="status">{t('rebalance.noTrades')}</Typography>
        )}
      </Section>
      {confirm.error && !(isApiError(confirm.error) && confirm.error.code === 'KYC_REQUIRED') ? (
        <FormError message={uncertain ? t('payment.uncertain') : errorMessage(confirm.error)} />
      ) : null}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to={paths.basketOrder.getHref(p.basketId)} variant="outlined" color="inherit">
          {t('rebalance.toBasket')}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={submit}
          loading={confirm.isPending}
          disabled={!p.needed || refreshing}
          sx={{ minWidth: 220 }}
        >
          {t('rebalance.confirm')}
        </Button>
      </Stack>
    </>
  );
}

/** `/rebalance-order/success/{orderId}`: the rebalance done, the basket's drift now, and the way back to it. */
export function RebalanceSuccessScreen({ basketId }: { basketId: string }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const valid = isUuid(basketId);
  const basket = useQuery({ ...basketQueryOptions(basketId), enabled: valid });
  const back = valid ? paths.basketOrder.getHref(basketId) : paths.baskets.getHref();
  if (!valid)
    return (
      <PageShell title={t('rebalance.success.pageTitle')} backTo={back}>
        <ErrorState error={notFound()} />
      </PageShell>
    );
  const last = basket.data?.operations.find((op) => op.kind === 'rebalance');
  return (
    <PageShell title={t('rebalance.success.pageTitle')} backTo={back}>
      <Section id="rebalance-success" title={t('rebalance.success.title')}>
        <Stack role="status" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleOutline color="success" aria-hidden="true" sx={{ fontSize: 48 }} />
          <Typography>{t('rebalance.success.text')}</Typography>
          {basket.isPending ? (
            <SectionLoading />
          ) : basket.isError ? (
            <ErrorState error={basket.error} onRetry={() => void basket.refetch()} isRetrying={basket.isFetching} />
          ) : (
            <Box sx={{ width: '100%' }}>
              <Figures
                rows={[
                  {
                    label: t('order.value'),
                    value: <bdi>{basket.data.value === null ? '—' : fmt.value(basket.data.value)}</bdi>,
                  },
                  basket.data.drift !== null && { label: t('order.drift'), value: fmt.weight(basket.data.drift) },
                  last && {
                    label: t('rebalance.tradesDone'),
                    value: fmt.number(last.trades.length),
                  },
                  last && { label: t('rebalance.feesPaid'), value: <bdi>{fmt.usdt(last.fees)}</bdi> },
                ]}
              />
            </Box>
          )}
          <Button component={RouterLink} to={paths.basketOrder.getHref(basketId)} variant="contained">
            {t('rebalance.toBasket')}
          </Button>
        </Stack>
      </Section>
    </PageShell>
  );
}
