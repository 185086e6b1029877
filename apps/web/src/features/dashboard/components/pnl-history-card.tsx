import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';
import { activeCurrencyPreference } from '@/lib/active-currency';

export interface PnlHistory {
  lastDay: string;
  last30Days: string;
  total: string;
}

const ZERO: PnlHistory = { lastDay: '0', last30Days: '0', total: '0' };

/** Profit and loss history (SPEC §2): last day, last 30 days, total; zero until there are holdings. */
export function PnlHistoryCard({ history = ZERO }: { history?: PnlHistory }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const currency = activeCurrencyPreference.use();
  const rows: { key: keyof PnlHistory; label: string }[] = [
    { key: 'lastDay', label: t('dashboard.pnl.lastDay') },
    { key: 'last30Days', label: t('dashboard.pnl.last30Days') },
    { key: 'total', label: t('dashboard.pnl.total') },
  ];
  return (
    <Card component="section" aria-labelledby="pnl-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="pnl-title" variant="h2" sx={{ mb: 2 }}>
          {t('dashboard.pnl.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((row) => (
            <Box
              key={row.key}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}
            >
              <Typography component="dt" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {fmt.money(history[row.key], currency)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
