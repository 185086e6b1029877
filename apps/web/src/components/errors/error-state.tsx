import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/error-message';

/** A section that failed to load: the translated reason and a retry button. */
export function ErrorState({
  error,
  onRetry,
  isRetrying = false,
}: {
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation();
  const message = useErrorMessage()(error);
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
      <ErrorOutline color="error" aria-hidden="true" />
      <Typography>{message}</Typography>
      {onRetry ? (
        <Button variant="outlined" onClick={onRetry} loading={isRetrying}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Stack>
  );
}
