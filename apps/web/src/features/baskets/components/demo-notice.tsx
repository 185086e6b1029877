import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** The embedded mode's prices and fills are demo data, and the page says so (decision 030). */
export function DemoNotice() {
  const { t } = useTranslation('baskets');
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle>{t('demo')}</AlertTitle>
      {t('demoText')}
    </Alert>
  );
}
