import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useChainErrorMessage } from '../refusals';

/**
 * A refusal about the whole request, above the form (a withdrawal hold with until when, a missing KYC level
 * with a link to verification, a frozen account, a reused idempotency key).
 */
export function FormRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation('chain');
  const message = useChainErrorMessage();
  const kyc = isApiError(error) && error.code === 'KYC_REQUIRED';
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        kyc ? (
          <Button component={RouterLink} to={paths.profileKyc.getHref()} color="inherit" size="small">
            {t('kyc.action')}
          </Button>
        ) : undefined
      }
      sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {message(error)}
    </Alert>
  );
}
