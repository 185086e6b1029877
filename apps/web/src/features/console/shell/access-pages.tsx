import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessagePage } from '@/components/errors/message-page';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { formatDigits } from '@/lib/format';
import { ConsolePage } from './console-page';

/** An investor (or a role without the console) opened `/admin`: the SPEC §8 403 message and a way home. */
export function NoAccessPage() {
  const { t } = useTranslation('admin');
  const { lng } = useLanguage();
  return (
    <MessagePage
      code={formatDigits('403', lng)}
      title={t('access.noAccess.title')}
      message={t('translation:errors.http.403')}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.home.getHref()}>
          {t('translation:errorPages.backHome')}
        </Button>
      }
    >
      <title>{`${t('access.noAccess.title')} | ${t('translation:app.name')}`}</title>
    </MessagePage>
  );
}

/** An operator whose two-factor is off (`TWO_FACTOR_REQUIRED`): turn it on first. */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation('admin');
  return (
    <MessagePage
      title={t('access.twoFactor.title')}
      message={t('access.twoFactor.message')}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={paths.twoFactor.getHref()}>
            {t('access.twoFactor.action')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.home.getHref()}>
            {t('translation:errorPages.backHome')}
          </Button>
        </>
      }
    >
      <title>{`${t('access.twoFactor.title')} | ${t('translation:app.name')}`}</title>
    </MessagePage>
  );
}

/** A section of the console the operator's role does not include (opened by its address). */
export function SectionNotAllowed() {
  const { t } = useTranslation('admin');
  return (
    <ConsolePage title={t('access.noAccess.title')}>
      <Typography color="text.secondary">{t('translation:errors.http.403')}</Typography>
    </ConsolePage>
  );
}
