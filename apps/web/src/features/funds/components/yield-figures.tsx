import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FundYields } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatYield, signColor } from '../fund-format';

const WINDOWS = ['sixMonths', 'twelveMonths', 'allTime'] as const;

/**
 * A fund's yields over 6 months, 12 months and all time (decision 021), green when up, red when down,
 * a dash when the history does not reach back that far. The sign is written too: colour is never the
 * only carrier of meaning.
 */
export function YieldFigures({ yields, dense = false }: { yields: FundYields; dense?: boolean }) {
  const { t } = useTranslation('funds');
  const { lng } = useLanguage();
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: dense ? 0.5 : 1 }}
    >
      {WINDOWS.map((w) => {
        const value = yields[w];
        return (
          <Box key={w} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t(`yields.${w}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 700,
                color: signColor(value),
                fontSize: dense ? '0.95rem' : '1.05rem',
              }}
            >
              {value === null ? <span aria-label={t('yields.notEnoughHistory')}>—</span> : formatYield(value, lng)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
