import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FUND_PAGE_TOP_HOLDINGS, type FundDetail } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';
import { Section } from '@/components/layouts/page-shell';
import { useLanguage } from '@/hooks/use-language';
import { PRESET_ACCENT, formatPercentFigure, useLocalized } from '../fund-format';

/**
 * The fund's largest holdings (SPEC §2 "asset allocation (top 5)") as bars of their share of the
 * fund: plain elements, no chart library. Each bar is labelled in words, so the list reads without it.
 */
export function AllocationSection({ fund }: { fund: FundDetail }) {
  const { t } = useTranslation('funds');
  const { lng } = useLanguage();
  const localized = useLocalized();
  const rows = fund.assetAllocation.slice(0, FUND_PAGE_TOP_HOLDINGS);
  return (
    <Section id="fund-allocation" title={t('allocation.title')}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('allocation.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((row, i) => {
            const label = localized(row.label);
            const percent = Math.max(0, Math.min(100, Number(row.percent)));
            const shown = formatPercentFigure(row.percent, lng);
            return (
              <Box component="li" key={`${i}-${row.label.en}`}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                  <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {label}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {shown}
                  </Typography>
                </Box>
                <Box
                  role="meter"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={shown}
                  sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}
                >
                  <Box
                    sx={{
                      height: '100%',
                      width: `${percent}%`,
                      borderRadius: 4,
                      bgcolor: PRESET_ACCENT[fund.preset],
                      opacity: 1 - i * 0.12,
                    }}
                  />
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('allocation.note')}
      </Typography>
    </Section>
  );
}
