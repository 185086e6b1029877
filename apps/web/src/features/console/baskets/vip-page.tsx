import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BASKET_VIP_FILTERS, type AdminBasketOrderRow } from '@portal/contract/admin/baskets';
import { pageParam } from '@/lib/page-window';
import { PagedList } from '../shell/console-page';
import { ApprovalsChip, usePersonLabel } from '../shell/four-eyes/review-approvals';
import { withPage } from '../shell/url';
import { basketVipQueryOptions, type VipFilter } from './api';
import { BasketFrame, oneOf } from './basket-frame';
import { useBasketFormat } from './basket-labels';
import { reviewedOf } from './vip-review';
import { OrderList } from './order-list';

/** A VIP request's notes and approvals (waiting) or who decided it (decided). */
function VipCell({ o }: { o: AdminBasketOrderRow }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const nameOf = usePersonLabel();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={t('vip.notesCount', { formatted: bf.number(o.notesCount) })} />
        <ApprovalsChip r={reviewedOf(o)} />
      </Box>
      {o.decidedBy ? (
        <Typography component="span" variant="caption" color="text.secondary">
          {t('vip.decidedBy', { name: nameOf(o.decidedBy) })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * VIP requests (`/admin/baskets/vip?state=&page=`): orders of 50,000 tether or more, which the operators
 * handle by calling the investor. Waiting ones oldest first (the queue), decided ones newest first; each
 * shows its notes, its approvals (two operators above the configured amount) and opens the request.
 */
export default function BasketVipPage() {
  const { t } = useTranslation('basketDesk');
  const [params, setParams] = useSearchParams();
  const state = oneOf<VipFilter>(BASKET_VIP_FILTERS, params.get('state'), 'open');
  const page = pageParam(params.get('page'));
  const list = useQuery(basketVipQueryOptions(state, page));

  return (
    <BasketFrame section="vip">
      <Typography color="text.secondary">{t('vip.intro')}</Typography>
      <Tabs
        value={state}
        onChange={(_, next: VipFilter) => setParams(next === 'open' ? {} : { state: next })}
        aria-label={t('vip.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {BASKET_VIP_FILTERS.map((s) => (
          <Tab key={s} value={s} label={t(`vip.tabs.${s}`)} />
        ))}
      </Tabs>
      <PagedList list={list} page={page} onPage={(p) => setParams(withPage(params, p))} empty={t(`vip.empty.${state}`)}>
        {(items) => (
          <OrderList
            items={items}
            title={t('sections.vip')}
            openLabel={(o) => (o.status === 'PendingVip' ? t('vip.handle') : t('orders.open'))}
            extra={{ label: t('columns.vip'), render: (o) => <VipCell o={o} /> }}
          />
        )}
      </PagedList>
    </BasketFrame>
  );
}
