import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import { withoutDemoMark } from '@/lib/demo-name';
import { useOrderFormat } from '../use-order-format';

/**
 * The fund an order is about: its name (with the demo badge of decision 021), its latest NAV and whether
 * today's is out, and any figures the page adds.
 */
export function FundSummary({ fund, children }: { fund: FundDetail; children?: ReactNode }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.05rem' }}>{withoutDemoMark(fmt.text(fund.name), fund.isDemo)}</Typography>
        {fund.isDemo ? <Chip size="small" color="warning" variant="outlined" label={t('fund.demo')} /> : null}
        <Chip size="small" variant="outlined" label={t(`translation:currency.${fund.currency}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {fund.latestNav === null
          ? t('fund.noNav')
          : fund.navToday
            ? t('fund.navToday', { nav: fmt.money(fund.latestNav.nav, fund.currency) })
            : t('fund.navLatest', {
                nav: fmt.money(fund.latestNav.nav, fund.currency),
                date: fmt.day(fund.latestNav.navDate),
              })}
      </Typography>
      {children}
    </Box>
  );
}
