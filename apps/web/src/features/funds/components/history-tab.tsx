import CallMade from '@mui/icons-material/CallMade';
import CallReceived from '@mui/icons-material/CallReceived';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundOrder, FundPurchase, FundRedemption } from '@portal/contract/funds/orders';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Section, SectionLoading } from '@/components/layouts/page-shell';
import { LinkPagination } from '@/components/link-pagination';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { pageCountOf } from '@/lib/page-window';
import { useMyFundOrders } from '../api/orders';
import { formatUnitCount, useDayFormat } from '../fund-format';

type ChipColor = 'success' | 'warning' | 'error' | 'default' | 'info';
const PURCHASE_COLOR: Record<FundPurchase['state'], ChipColor> = {
  PaymentPending: 'info',
  Waiting: 'warning',
  Successful: 'success',
  Failed: 'error',
  Canceled: 'default',
};
const REDEMPTION_COLOR: Record<FundRedemption['state'], ChipColor> = {
  Waiting: 'warning',
  Successful: 'success',
  Canceled: 'default',
};

/** One row of the history: what, when, how much, at which share value, and its state. */
function OrderRow({ order }: { order: FundOrder }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const day = useDayFormat();
  const isPurchase = order.kind === 'purchase';
  const o = isPurchase ? order.purchase : order.redemption;
  const Icon = isPurchase ? CallReceived : CallMade;
  const facts: string[] = [];
  if (order.kind === 'purchase') {
    const p = order.purchase;
    facts.push(t('history.amount', { amount: fmt.money(p.amount, p.currency) }));
    if (p.units !== null) facts.push(t('history.units', { units: formatUnitCount(p.units, fmt.lng) }));
    if (/[1-9]/.test(p.fixedFee)) facts.push(t('history.fee', { amount: fmt.money(p.fixedFee, p.currency) }));
  } else {
    const r = order.redemption;
    facts.push(t('history.units', { units: formatUnitCount(r.units, fmt.lng) }));
    if (r.proceeds !== null) facts.push(t('history.proceeds', { amount: fmt.money(r.proceeds, r.currency) }));
  }
  if (o.nav !== null)
    facts.push(t('history.nav', { nav: fmt.money(o.nav, o.currency), date: day(o.navDate, 'medium') }));
  else facts.push(t('history.navWaiting', { date: day(o.navDate, 'medium') }));

  const stateLabel = isPurchase
    ? t(`history.purchaseState.${order.purchase.state}`)
    : t(`history.redemptionState.${order.redemption.state}`);
  const color = isPurchase ? PURCHASE_COLOR[order.purchase.state] : REDEMPTION_COLOR[order.redemption.state];
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          bgcolor: 'action.hover',
          color: isPurchase ? 'success.main' : 'info.main',
        }}
      >
        <Icon fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700 }}>
            {isPurchase ? t('history.purchase') : t('history.redemption')}
          </Typography>
          <Chip size="small" color={color} variant="outlined" label={stateLabel} />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {fmt.date(o.createdAt, 'dateTime')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Typography>
        {order.kind === 'purchase' && order.purchase.failReason ? (
          <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>
            {t(`history.failReason.${order.purchase.failReason}`)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/** The buy and sell history tab (SPEC §2): my purchases and redemptions of this fund, newest first, paged. */
export function HistoryTab({ fund, page }: { fund: FundDetail; page: number }) {
  const { t } = useTranslation('funds');
  const orders = useMyFundOrders(fund.id, page);
  return (
    <Section id="fund-history" title={t('history.title')}>
      {orders.isPending ? (
        <SectionLoading />
      ) : orders.isError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      ) : orders.data.items.length === 0 ? (
        <Box
          sx={{ py: 3, textAlign: 'center', display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'center' }}
        >
          <Typography color="text.secondary">{t('history.empty')}</Typography>
          {!fund.buyingPaused ? (
            <Button component={RouterLink} to={paths.fundPurchase.getHref(fund.id)} variant="outlined">
              {t('actions.buy')}
            </Button>
          ) : null}
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('history.title')}
            sx={{ listStyle: 'none', p: 0, m: 0, opacity: orders.isPlaceholderData ? 0.6 : 1 }}
          >
            {orders.data.items.map((o) => (
              <OrderRow key={o.kind === 'purchase' ? `p-${o.purchase.id}` : `r-${o.redemption.id}`} order={o} />
            ))}
          </Box>
          <LinkPagination
            page={page}
            pageCount={pageCountOf(orders.data.total, orders.data.pageSize)}
            hrefOf={(n) => paths.fund.getHref(fund.id, { content: 'history', page: n })}
          />
        </>
      )}
    </Section>
  );
}
