import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PurchaseQuoteView } from '@portal/contract/funds/orders';
import { FormError } from '@/components/form/form-error';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';

/**
 * The live fee breakdown of the amount typed (SPEC §2 "fee breakdown (fixed, management)"; decision 022):
 * the fixed fee, the yearly management fee (already in the NAV), and at today's NAV the units, their cost
 * and what stays in the wallet; or, before today's NAV is out, that the units are issued at the next NAV
 * with an estimate at the latest one.
 */
export function PurchaseBreakdown({
  quote,
  isFetching,
  error,
}: {
  quote: PurchaseQuoteView | undefined;
  isFetching: boolean;
  /** The sentence of a refused quote (an amount too small to buy a unit…). */
  error: string | null;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();

  if (error) return <FormError message={error} />;
  if (!quote)
    return (
      <Box aria-busy={isFetching} sx={{ minHeight: 48 }}>
        {isFetching ? <LinearProgress aria-label={t('breakdown.loading')} /> : null}
        <Typography color="text.secondary" sx={{ pt: 1 }}>
          {t('breakdown.empty')}
        </Typography>
      </Box>
    );

  const money = (v: string) => fmt.money(v, quote.currency);
  return (
    <Box
      aria-busy={isFetching}
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, position: 'relative' }}
    >
      <LinearProgress
        aria-hidden="true"
        sx={{ position: 'absolute', top: -8, insetInline: 0, height: 2, visibility: isFetching ? 'visible' : 'hidden' }}
      />
      <Figures
        label={t('breakdown.title')}
        rows={[
          { label: t('breakdown.amount'), value: money(quote.amount) },
          { label: t('breakdown.fixedFee'), value: money(quote.fixedFee) },
          {
            label: t('breakdown.managementFee'),
            note: t('breakdown.managementFeeNote'),
            value: t('breakdown.perYear', { rate: fmt.rate(quote.managementFeeBps) }),
          },
          ...(quote.waiting || quote.units === null
            ? []
            : [
                {
                  label: t('breakdown.nav', { date: fmt.day(quote.navDate) }),
                  value: quote.nav === null ? '' : money(quote.nav),
                },
                { label: t('breakdown.units'), value: t('breakdown.unitsValue', { units: fmt.units(quote.units) }) },
                ...(quote.cost === null ? [] : [{ label: t('breakdown.cost'), value: money(quote.cost) }]),
                ...(quote.remainder === null
                  ? []
                  : [
                      {
                        label: t('breakdown.remainder'),
                        note: t('breakdown.remainderNote'),
                        value: money(quote.remainder),
                      },
                    ]),
                ...(quote.charged === null
                  ? []
                  : [{ label: t('breakdown.charged'), value: money(quote.charged), strong: true }]),
              ]),
        ]}
      />
      {quote.waiting ? (
        <Alert severity="info">
          {t('breakdown.waiting', { date: fmt.day(quote.navDate) })}
          {quote.latestNav && quote.estimatedUnits !== null
            ? ` ${t('breakdown.estimate', {
                units: fmt.units(quote.estimatedUnits),
                nav: money(quote.latestNav.nav),
                date: fmt.day(quote.latestNav.navDate),
              })}`
            : ''}
        </Alert>
      ) : null}
    </Box>
  );
}
