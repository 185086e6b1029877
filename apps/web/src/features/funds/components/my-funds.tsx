import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import type { FundSummary } from '@portal/contract/funds/catalogue';
import type { FundCurrency } from '@portal/contract/funds/funds';
import type { Holding } from '@portal/contract/funds/orders';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { intlLocale } from '@/lib/format';
import { useMyFundHoldings } from '../api/get-holdings';
import { PRESET_ACCENT, formatUnitCount, signColor, useLocalized } from '../fund-format';
import { DonutChart, type DonutSlice } from './donut-chart';
import { FundCardSkeleton, fundGridSx } from './fund-card';

/** Distinct colours for the dispersion chart's slices (in order of size). */
const SLICE_COLORS = ['#3ec98e', '#4fb3d9', '#e0aa3a', '#8c7cf0', '#e05fa0', '#f07b4f', '#9aa8b8', '#38bfa7'];

const held = (h: Holding) => /[1-9]/.test(h.totalUnits);

/**
 * The share of each holding's value in the total of its currency, largest first. Holdings in toman and
 * in tether are never added together: each currency is its own chart. Shares are computed on minor units.
 */
export function dispersionOf(
  holdings: readonly Holding[],
): { currency: FundCurrency; total: bigint; items: { holding: Holding; value: bigint; share: number }[] }[] {
  const byCurrency = new Map<FundCurrency, { holding: Holding; value: bigint }[]>();
  for (const h of holdings) {
    if (h.value === null || !held(h)) continue;
    const value = toMinor(h.value, h.currency, 'down');
    if (value <= 0n) continue;
    byCurrency.set(h.currency, [...(byCurrency.get(h.currency) ?? []), { holding: h, value }]);
  }
  return [...byCurrency].map(([currency, rows]) => {
    const total = rows.reduce((s, r) => s + r.value, 0n);
    return {
      currency,
      total,
      items: rows
        .sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))
        .map((r) => ({ ...r, share: Number((r.value * 1_000_000n) / total) / 1_000_000 })),
    };
  });
}

/**
 * `/funds` "my funds" (SPEC §2): a card per fund the user holds (units, value at the latest NAV,
 * profit, a link to the fund) and the dispersion chart of their value; an empty state otherwise.
 */
export function MyFunds({ funds }: { funds: readonly FundSummary[] | undefined }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const localized = useLocalized();
  const holdings = useMyFundHoldings();
  const fundOf = (id: string) => funds?.find((f) => f.id === id);
  const nameOf = (id: string) => {
    const f = fundOf(id);
    return f ? localized(f.name) : t('myFunds.unknownFund');
  };
  const items = holdings.data?.items.filter(held) ?? [];

  return (
    <Section id="my-funds" title={t('myFunds.title')}>
      {holdings.isPending ? (
        <Box component="ul" sx={fundGridSx} aria-busy="true" aria-label={t('myFunds.loading')}>
          {[0, 1].map((i) => (
            <li key={i}>
              <FundCardSkeleton />
            </li>
          ))}
        </Box>
      ) : holdings.isError ? (
        <ErrorState error={holdings.error} onRetry={() => void holdings.refetch()} isRetrying={holdings.isFetching} />
      ) : items.length === 0 ? (
        <Box
          sx={{ textAlign: 'center', py: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}
        >
          <Typography sx={{ fontWeight: 700 }}>{t('myFunds.empty')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('myFunds.emptyHint')}
          </Typography>
          <Button component="a" href="#funds-invest-title" variant="outlined" size="small" sx={{ mt: 1 }}>
            {t('myFunds.browse')}
          </Button>
        </Box>
      ) : (
        <>
          <Box component="ul" sx={fundGridSx} aria-label={t('myFunds.title')}>
            {items.map((h) => {
              const name = nameOf(h.fundId);
              const preset = fundOf(h.fundId)?.preset ?? 'default';
              return (
                <li key={h.fundId}>
                  <Card sx={{ height: '100%', borderTop: 4, borderTopColor: PRESET_ACCENT[preset] }}>
                    <CardActionArea component={RouterLink} to={paths.fund.getHref(h.fundId)} sx={{ height: '100%' }}>
                      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem' }}>
                          {name}
                        </Typography>
                        <Box
                          component="dl"
                          sx={{
                            m: 0,
                            display: 'grid',
                            gridTemplateColumns: 'auto minmax(0, 1fr)',
                            columnGap: 1.5,
                            rowGap: 0.5,
                          }}
                        >
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {t('myFunds.units')}
                          </Typography>
                          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, textAlign: 'end' }}>
                            {formatUnitCount(h.totalUnits, fmt.lng)}
                          </Typography>
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {t('myFunds.value')}
                          </Typography>
                          <Typography
                            component="dd"
                            variant="body2"
                            sx={{ m: 0, fontWeight: 700, textAlign: 'end', overflowWrap: 'anywhere' }}
                          >
                            {h.value === null ? t('nav.none') : fmt.money(h.value, h.currency)}
                          </Typography>
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {t('myFunds.profit')}
                          </Typography>
                          <Typography
                            component="dd"
                            variant="body2"
                            sx={{
                              m: 0,
                              fontWeight: 700,
                              textAlign: 'end',
                              color: signColor(h.profit),
                              overflowWrap: 'anywhere',
                            }}
                          >
                            {h.profit === null
                              ? '—'
                              : `${signColor(h.profit) === 'success.main' ? '+' : ''}${fmt.money(h.profit, h.currency)}`}
                          </Typography>
                        </Box>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </li>
              );
            })}
          </Box>
          {dispersionOf(items).map(({ currency, total, items: rows }) => {
            const currencyName = t(`translation:currency.${currency}`);
            const slices: DonutSlice[] = rows.map((r, i) => ({
              key: r.holding.fundId,
              label: nameOf(r.holding.fundId),
              share: r.share,
              color: SLICE_COLORS[i % SLICE_COLORS.length]!,
              detail: fmt.percent(r.share),
            }));
            return (
              <Box key={currency} component="figure" sx={{ m: 0, pt: 1 }}>
                <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1.5, fontWeight: 700 }}>
                  {t('myFunds.dispersion', { currency: currencyName })}
                </Typography>
                <DonutChart
                  slices={slices}
                  label={t('myFunds.dispersionLabel', {
                    currency: currencyName,
                    items: new Intl.ListFormat(intlLocale(fmt.lng), { type: 'unit' }).format(
                      slices.map((s) => `${s.label} ${s.detail}`),
                    ),
                  })}
                  centre={{ title: t('myFunds.total'), value: fmt.money(fromMinor(total, currency), currency) }}
                />
              </Box>
            );
          })}
        </>
      )}
    </Section>
  );
}
