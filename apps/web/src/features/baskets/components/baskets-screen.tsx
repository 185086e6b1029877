import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BASKET_LIMITS, type BasketOrder, type BasketSummary } from '@portal/contract/baskets/orders';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { basketOrdersQueryOptions, basketsQueryOptions } from '@/lib/queries/baskets';
import { quizHref } from '../quiz-link';
import { useBasketFormat } from '../use-basket-format';
import { DemoNotice } from './demo-notice';
import { pageOfOrder } from './order-state';

/** Orders the investor still follows: to pay, a VIP request, being built. */
const OPEN_STATUSES = new Set(['PaymentPending', 'PendingVip', 'NotStarted', 'InProgress']);

/**
 * `/baskets` (SPEC §2 "basket list"): my baskets with their value, gain and drift from the target weights
 * (held first, then closed), the orders still to pay or being built, and the way to a new order. Without
 * any: what a basket is, and the way to the risk quiz and to the first order.
 */
export default function BasketsScreen() {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const baskets = useQuery(basketsQueryOptions());
  const orders = useQuery(basketOrdersQueryOptions());
  const create = (
    <Button component={RouterLink} to={paths.basketOrderCreate.getHref()} variant="contained" startIcon={<Add />}>
      {t('list.create')}
    </Button>
  );
  if (baskets.isPending || orders.isPending)
    return (
      <PageShell title={t('list.pageTitle')}>
        <SectionLoading />
      </PageShell>
    );
  if (baskets.isError || orders.isError) {
    const failed = baskets.isError ? baskets : orders;
    return (
      <PageShell title={t('list.pageTitle')}>
        <ErrorState
          error={failed.error}
          onRetry={() => {
            void baskets.refetch();
            void orders.refetch();
          }}
          isRetrying={baskets.isFetching || orders.isFetching}
        />
      </PageShell>
    );
  }
  const open = orders.data.items.filter((o) => OPEN_STATUSES.has(o.status));
  const items = baskets.data.items;
  return (
    <PageShell title={t('list.pageTitle')} wide>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('list.intro')}
        </Typography>
        {create}
      </Box>
      {items.some((b) => b.demo) ? <DemoNotice /> : null}
      {open.length > 0 ? (
        <Section id="basket-open-orders" title={t('list.orders')}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {open.map((o) => (
              <li key={o.id}>
                <OpenOrderRow order={o} />
              </li>
            ))}
          </Box>
        </Section>
      ) : null}
      {items.length > 0 ? (
        <Section
          id="basket-list"
          title={t('list.baskets')}
          action={
            baskets.data.totalValue !== null ? (
              <Typography sx={{ fontWeight: 700 }}>
                <bdi>{fmt.value(baskets.data.totalValue)}</bdi>
              </Typography>
            ) : undefined
          }
        >
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {items.map((b) => (
              <li key={b.id}>
                <BasketRow basket={b} />
              </li>
            ))}
          </Box>
        </Section>
      ) : open.length === 0 ? (
        <Section id="basket-empty" title={t('list.empty')}>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            <PieChartOutline color="info" aria-hidden="true" sx={{ fontSize: 48 }} />
            <Typography>{t('list.emptyText', { min: fmt.usdt(BASKET_LIMITS.min) })}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {create}
              <Button component={RouterLink} to={quizHref(paths.basketOrderCreate.getHref())} variant="outlined">
                {t('list.takeQuiz')}
              </Button>
            </Stack>
          </Stack>
        </Section>
      ) : null}
    </PageShell>
  );
}

function RowLink({ to, children }: { to: string; children: React.ReactNode }) {
  const { dir } = useLanguage();
  const Chevron = dir === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      focusRipple
      sx={{
        width: '100%',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1.5,
        textAlign: 'start',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.primary',
        '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>{children}</Box>
      <Chevron aria-hidden="true" sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}

function Line({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      {children}
    </Box>
  );
}

function BasketRow({ basket: b }: { basket: BasketSummary }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const band = fmt.bandOf(b.risk);
  const closed = b.holding === 'closed';
  const gainColor = b.gain === null ? 'text.secondary' : b.gain.startsWith('-') ? 'error.main' : 'success.main';
  return (
    <RowLink to={paths.basketOrder.getHref(b.id)}>
      <Line>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('name', { persona: fmt.persona(band) })}{' '}
          <Chip
            size="small"
            label={closed ? t('status.closed') : t(`status.${b.status}`)}
            color={closed ? 'default' : 'success'}
            variant="outlined"
            sx={{ mx: 0.5 }}
          />
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          <bdi>{b.value === null ? '—' : fmt.value(b.value)}</bdi>
        </Typography>
      </Line>
      <Line>
        <Typography variant="body2" component="span" color="text.secondary">
          {t('list.invested')}: <bdi>{fmt.usdt(b.invested)}</bdi>
        </Typography>
        {b.gain !== null ? (
          <Typography variant="body2" component="span">
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('list.gain')}{' '}
            </Box>
            <Box component="span" sx={{ color: gainColor, fontWeight: 600 }}>
              {fmt.signedValue(b.gain)}
              {b.gainRatio !== null ? ` (${fmt.ratio(b.gainRatio)})` : ''}
            </Box>
          </Typography>
        ) : null}
      </Line>
      <Line>
        <Typography variant="body2" component="span" color="text.secondary">
          {b.exchanges.map((e) => t(`exchange.${e}`)).join('، ')} · {t(`marketType.${b.marketType}`)}
        </Typography>
        {!closed && b.drift !== null ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {t('list.drift')}: {fmt.weight(b.drift)}
          </Typography>
        ) : null}
      </Line>
    </RowLink>
  );
}

function OpenOrderRow({ order: o }: { order: BasketOrder }) {
  const { t } = useTranslation('baskets');
  const fmt = useBasketFormat();
  const band = fmt.bandOf(o.risk);
  return (
    <RowLink to={pageOfOrder(o)}>
      <Line>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('name', { persona: fmt.persona(band) })}{' '}
          <Chip
            size="small"
            label={t(`status.${o.status}`)}
            color={o.status === 'PaymentPending' ? 'warning' : 'info'}
            variant="outlined"
            sx={{ mx: 0.5 }}
          />
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          <bdi>{fmt.usdt(o.amount)}</bdi>
        </Typography>
      </Line>
      <Typography variant="body2" color="text.secondary">
        {t('list.created', { date: fmt.date(o.createdAt, 'medium') })} ·{' '}
        {o.status === 'PaymentPending' ? t('list.pay') : t('list.follow')}
      </Typography>
    </RowLink>
  );
}
