import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';

/**
 * The user's identity verification is below what this page's action needs (a deposit address: level one;
 * a withdrawal: level two): says why, and links to the verification page instead of the form.
 */
export function KycGate({ action, level }: { action: 'deposit' | 'withdraw'; level: number }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button component={RouterLink} to={paths.profileKyc.getHref()} color="inherit" size="small">
          {t('kyc.action')}
        </Button>
      }
      sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <AlertTitle>{t('kyc.title', { level: fmt.number(level) })}</AlertTitle>
      {t(`kyc.text.${action}`, { level: fmt.number(level) })}
    </Alert>
  );
}
