import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage } from '@/components/errors/message-page';
import { paths } from '@/config/paths';
import { reportError } from '@/lib/error-reporting';

/**
 * The crash page (SPEC §2): a page failed to render or its code failed to load. Reported to
 * Sentry when configured. "Back to home" reloads the app, which also fixes a stale chunk after a deploy.
 */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);

  return (
    <MessagePage
      title={t('errorPages.crash.title')}
      message={t('errorPages.crash.message')}
      actions={
        <Button variant="contained" href={paths.home.getHref()}>
          {t('errorPages.backHome')}
        </Button>
      }
    >
      <title>{`${t('errorPages.crash.title')} | ${t('app.name')}`}</title>
      {import.meta.env.DEV && error instanceof Error ? (
        <Typography
          component="pre"
          variant="body2"
          dir="ltr"
          sx={{ whiteSpace: 'pre-wrap', textAlign: 'left', maxWidth: '100%', overflow: 'auto' }}
        >
          {error.stack ?? error.message}
        </Typography>
      ) : null}
    </MessagePage>
  );
}
