import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/contract/core/money';
import { useFormat } from '@/hooks/use-format';
import { activeCurrencyPreference } from '@/lib/active-currency';

/** Currencies the user can value the portfolio in. */
const VALUATION_CURRENCIES: readonly Currency[] = ['USDT', 'IRT'];

type AssetsTab = 'total' | 'pnl7d';

/**
 * My assets (SPEC §2 Dashboard): total balance value and 7-day profit and loss, in the active
 * currency (localStorage `activeCurrency`). Values are decimal strings; until the portfolio API
 * exists (a later issue) a new user's are zero.
 */
export function MyAssetsCard({
  totalValue = '0',
  pnl7d = '0',
  pnl7dRatio = 0,
}: {
  totalValue?: string;
  pnl7d?: string;
  pnl7dRatio?: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const currency = activeCurrencyPreference.use();
  const [tab, setTab] = useState<AssetsTab>('total');

  return (
    <Card component="section" aria-labelledby="my-assets-title" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="my-assets-title" variant="h2">
            {t('dashboard.assets.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={currency}
            onChange={(_e, value: Currency | null) => {
              if (value) activeCurrencyPreference.set(value);
            }}
            aria-label={t('dashboard.assets.currency')}
          >
            {VALUATION_CURRENCIES.map((c) => (
              <ToggleButton key={c} value={c} sx={{ px: 1.5 }}>
                {t(`currency.${c}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Tabs
          value={tab}
          onChange={(_e, v: AssetsTab) => setTab(v)}
          aria-label={t('dashboard.assets.title')}
          variant="fullWidth"
          sx={{ mt: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="total"
            id="assets-tab-total"
            aria-controls="assets-panel-total"
            label={t('dashboard.assets.totalTab')}
          />
          <Tab
            value="pnl7d"
            id="assets-tab-pnl7d"
            aria-controls="assets-panel-pnl7d"
            label={t('dashboard.assets.pnlTab')}
          />
        </Tabs>
        <Box role="tabpanel" id={`assets-panel-${tab}`} aria-labelledby={`assets-tab-${tab}`} sx={{ pt: 2.5 }}>
          <Typography variant="body2" color="text.secondary">
            {tab === 'total' ? t('dashboard.assets.totalLabel') : t('dashboard.assets.pnlLabel')}
          </Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.4 }}>
            {fmt.money(tab === 'total' ? totalValue : pnl7d, currency)}
          </Typography>
          {tab === 'pnl7d' ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.assets.pnlChange', { percent: fmt.percent(pnl7dRatio) })}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.assets.emptyHint')}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
