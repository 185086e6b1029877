import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MessagePage } from '@/components/errors/message-page';
import { safeNext } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { accountQueryKey } from '@/lib/session-state';

/**
 * The technical-error page (SPEC §2): the server could not answer who the user is (5xx, network).
 * "Try again" asks again and returns to where the user was going.
 */
export function TechnicalErrorRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorMessage = useErrorMessage();
  const from = safeNext(params.get('from'));
  const accountState = client.getQueryState(accountQueryKey);
  const reason = accountState?.error ? errorMessage(accountState.error) : t('errorPages.technical.message');

  const retry = async () => {
    await client.resetQueries({ queryKey: accountQueryKey });
    void navigate(from, { replace: true });
  };

  return (
    <MessagePage
      title={t('errorPages.technical.title')}
      message={reason}
      actions={
        <Button variant="contained" onClick={() => void retry()}>
          {t('common.retry')}
        </Button>
      }
    >
      <title>{`${t('errorPages.technical.title')} | ${t('app.name')}`}</title>
    </MessagePage>
  );
}
