import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FundRiskValue } from '@portal/contract/funds/funds';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Section } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { RISK_LEVELS, RISK_NAME } from '../fund-format';

/** Calm to hot, one per level of the meter. */
const LEVEL_COLOR: Record<FundRiskValue, string> = {
  10: '#3ec98e',
  25: '#8fd16a',
  35: '#e0c23a',
  60: '#f0904f',
  100: '#e5545f',
};

/**
 * The fund's risk level (SPEC §3 `FundRisk`, by name in every language, decision 021) on a five-step
 * meter, what it means, and the way to the risk quiz (SPEC §2 "risk level with risk test button").
 */
export function RiskSection({ risk }: { risk: FundRiskValue }) {
  const { t } = useTranslation('funds');
  const name = t(`risk.${RISK_NAME[risk]}`);
  const position = RISK_LEVELS.indexOf(risk) + 1;
  // The risk test comes back here with its result (issue 20).
  const location = useLocation();
  return (
    <Section id="fund-risk" title={t('risk.title')}>
      <Box
        role="meter"
        aria-label={t('risk.title')}
        aria-valuemin={1}
        aria-valuemax={RISK_LEVELS.length}
        aria-valuenow={position}
        aria-valuetext={name}
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${RISK_LEVELS.length}, 1fr)`, gap: 0.5 }}
      >
        {RISK_LEVELS.map((level) => (
          <Box
            key={level}
            sx={{
              height: level === risk ? 12 : 8,
              alignSelf: 'center',
              borderRadius: 2,
              bgcolor: LEVEL_COLOR[level],
              opacity: level === risk ? 1 : 0.25,
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -1 }}>
        <Typography variant="caption" color="text.secondary">
          {t('risk.safe')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('risk.aggressive')}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700 }}>{t('risk.level', { name })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`risk.text.${RISK_NAME[risk]}`)}
      </Typography>
      <Button
        component={RouterLink}
        to={paths.riskQuizCalc.getHref(`${location.pathname}${location.search}`)}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('risk.quiz')}
      </Button>
    </Section>
  );
}
