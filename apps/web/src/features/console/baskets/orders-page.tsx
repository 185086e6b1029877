import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BASKET_ORDER_STATUSES } from '@portal/contract/baskets/orders';
import { pageParam } from '@/lib/page-window';
import { PagedList } from '../shell/console-page';
import { withPage } from '../shell/url';
import { basketOrdersQueryOptions, type OrderFilters } from './api';
import { BasketFrame, FilterSelect, oneOf } from './basket-frame';
import { OrderList } from './order-list';

const STATUS_FILTERS = ['all', ...BASKET_ORDER_STATUSES] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Basket orders (`/admin/baskets?status=&userId=&page=`): every order or those of one status, of every
 * user or one (a user's page links here), newest first; each opens the order.
 */
export default function BasketOrdersPage() {
  const { t } = useTranslation('basketDesk');
  const [params, setParams] = useSearchParams();
  const rawUser = params.get('userId');
  const filters: OrderFilters = {
    status: oneOf(STATUS_FILTERS, params.get('status'), 'all'),
    userId: rawUser && UUID.test(rawUser) ? rawUser : undefined,
  };
  const page = pageParam(params.get('page'));
  const list = useQuery(basketOrdersQueryOptions(filters, page));
  const setFilter = (next: Partial<OrderFilters>) => {
    const f = { ...filters, ...next };
    setParams({
      ...(f.status === 'all' ? {} : { status: f.status }),
      ...(f.userId ? { userId: f.userId } : {}),
    });
  };

  return (
    <BasketFrame section="orders">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterSelect
          id="basket-orders-status"
          label={t('filters.status')}
          value={filters.status}
          options={STATUS_FILTERS.map((s) => ({
            value: s,
            label: s === 'all' ? t('filters.allStatuses') : t(`statuses.${s}`),
          }))}
          onChange={(status) => setFilter({ status })}
        />
        {filters.userId ? (
          <Chip
            label={t('filters.oneUser')}
            onDelete={() => setFilter({ userId: undefined })}
            data-testid="basket-orders-user-filter"
          />
        ) : null}
      </Box>
      <PagedList
        list={list}
        page={page}
        onPage={(p) => setParams(withPage(params, p))}
        empty={t(filters.status === 'all' ? 'orders.empty' : 'orders.emptyOfStatus')}
      >
        {(items) => <OrderList items={items} title={t('sections.orders')} openLabel={() => t('orders.open')} />}
      </PagedList>
    </BasketFrame>
  );
}
