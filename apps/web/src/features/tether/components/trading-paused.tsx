import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { MarketStatus } from '@portal/contract/tether/market';
import { useTranslation } from 'react-i18next';

/**
 * Trading waits (the price is stale, the operators paused it, or no price came yet since the server
 * started): a calm notice, not an error, and no way to ask for a quote until the price is live again (the
 * real-time channel brings it, and the page follows).
 */
export function TradingPaused({ status }: { status: Exclude<MarketStatus, 'live'> }) {
  const { t } = useTranslation('tether');
  return (
    <Alert severity="info" role="status" icon={<PauseCircleOutline />}>
      <AlertTitle>{t('paused.title')}</AlertTitle>
      {t(`paused.text.${status}`)}
    </Alert>
  );
}
