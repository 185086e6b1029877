import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageParam } from '@/lib/page-window';
import { PagedList } from '../shell/console-page';
import { withPage } from '../shell/url';
import { basketOrdersQueryOptions } from './api';
import { BasketFrame } from './basket-frame';
import { OrderList } from './order-list';

/**
 * Failed generations (`/admin/baskets/failed?page=`): the orders that ended `GenerationFailed`, newest
 * first, each with why (the construction could not meet its constraints, an exchange refused a buy…); the
 * payment went back to the investor's tether wallet.
 */
export default function BasketFailedPage() {
  const { t } = useTranslation('basketDesk');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const list = useQuery(basketOrdersQueryOptions({ status: 'GenerationFailed' }, page));

  return (
    <BasketFrame section="failed">
      <Typography color="text.secondary">{t('failed.intro')}</Typography>
      <PagedList list={list} page={page} onPage={(p) => setParams(withPage(params, p))} empty={t('failed.empty')}>
        {(items) => (
          <OrderList
            items={items}
            title={t('sections.failed')}
            openLabel={() => t('orders.open')}
            extra={{
              label: t('columns.failReason'),
              render: (o) => (
                <Typography component="span" variant="body2" data-testid="basket-fail-reason">
                  {o.failReason ? t(`failReasons.${o.failReason}`) : t('failed.noReason')}
                </Typography>
              ),
            }}
          />
        )}
      </PagedList>
    </BasketFrame>
  );
}
