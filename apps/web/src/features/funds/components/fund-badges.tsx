import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Chip from '@mui/material/Chip';
import type { FundSummary } from '@portal/contract/funds/catalogue';
import { useTranslation } from 'react-i18next';

/** The "demo" badge of a fund seeded by the embedded demo (decision 021), and "paused" when buying is. */
export function FundBadges({ fund }: { fund: Pick<FundSummary, 'isDemo' | 'buyingPaused'> }) {
  const { t } = useTranslation('funds');
  return (
    <>
      {fund.isDemo ? (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<ScienceOutlined aria-hidden="true" />}
          label={t('badges.demo')}
          title={t('badges.demoHint')}
        />
      ) : null}
      {fund.buyingPaused ? (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<PauseCircleOutline aria-hidden="true" />}
          label={t('badges.paused')}
        />
      ) : null}
    </>
  );
}
