import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useFundPurchase, useFundRedemption } from '../api/orders';
import { formatUnitCount, useDayFormat } from '../fund-format';

const RESULT_KEYS = ['status', 'orderid', 'sellStatus', 'redeemRequestId'] as const;

/**
 * The notice a fund's page shows when the purchase or redemption pages send the user back to it (SPEC
 * §2: `status=success|failed&orderid=…`, `sellStatus=success&redeemRequestId=…`). The order is read for
 * its figures when it can be; the notice stands without them. Closing it clears the address.
 */
export function OrderNotice({ fundId }: { fundId: string }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const day = useDayFormat();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sellStatus = params.get('sellStatus');
  const purchase = useFundPurchase(status === 'success' || status === 'failed' ? params.get('orderid') : null);
  const redemption = useFundRedemption(sellStatus === 'success' ? params.get('redeemRequestId') : null);

  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of RESULT_KEYS) next.delete(k);
        return next;
      },
      { replace: true },
    );

  if (status === 'success') {
    const p = purchase.data;
    return (
      <Alert severity="success" onClose={close} closeText={t('translation:common.close')}>
        <AlertTitle>{t('notice.purchaseSuccess.title')}</AlertTitle>
        {p && p.outcome === 'waiting'
          ? t('notice.purchaseSuccess.waiting', { amount: fmt.money(p.amount, p.currency), date: day(p.navDate) })
          : p && p.units !== null
            ? t('notice.purchaseSuccess.issued', {
                amount: fmt.money(p.amount, p.currency),
                units: formatUnitCount(p.units, fmt.lng),
              })
            : t('notice.purchaseSuccess.text')}
      </Alert>
    );
  }
  if (status === 'failed') {
    const p = purchase.data;
    return (
      <Alert
        severity="error"
        onClose={close}
        closeText={t('translation:common.close')}
        action={
          <Button
            component={RouterLink}
            to={paths.fundPurchase.getHref(fundId, p?.amount)}
            color="inherit"
            size="small"
          >
            {t('notice.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('notice.purchaseFailed.title')}</AlertTitle>
        {p?.failReason ? t(`history.failReason.${p.failReason}`) : t('notice.purchaseFailed.text')}
      </Alert>
    );
  }
  if (sellStatus === 'success') {
    const r = redemption.data;
    return (
      <Alert severity="success" onClose={close} closeText={t('translation:common.close')}>
        <AlertTitle>{t('notice.redeemSuccess.title')}</AlertTitle>
        {r && r.proceeds !== null
          ? t('notice.redeemSuccess.paid', {
              units: formatUnitCount(r.units, fmt.lng),
              amount: fmt.money(r.proceeds, r.currency),
            })
          : r
            ? t('notice.redeemSuccess.waiting', { units: formatUnitCount(r.units, fmt.lng), date: day(r.navDate) })
            : t('notice.redeemSuccess.text')}
      </Alert>
    );
  }
  return null;
}
