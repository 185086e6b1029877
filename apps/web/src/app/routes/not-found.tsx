import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessagePage } from '@/components/errors/message-page';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDigits } from '@/lib/format';

/** Unknown paths (SPEC §2). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const { lng } = useLanguage();
  return (
    <MessagePage
      code={formatDigits('404', lng)}
      title={t('errorPages.notFound.title')}
      message={t('errorPages.notFound.message')}
      actions={
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
          {t('errorPages.backHome')}
        </Button>
      }
    >
      <title>{`${t('errorPages.notFound.title')} | ${t('app.name')}`}</title>
    </MessagePage>
  );
}
