import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '@/components/notices/notices';
import { paths, safeNext } from '@/config/paths';
import { useAccount } from '@/lib/session';
import { dismissSetPasswordPrompt } from '../set-password-prompt-state';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { SetPasswordForm } from './password-forms';
import { useStepUpGuard } from './step-up';

/** `/set-password` (SPEC §2 "Set password"): the first password after sign-up, or "fill later". */
export default function SetPasswordScreen() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const notices = useNotify();
  const user = useAccount().data?.user;
  const { guard, dialog } = useStepUpGuard();
  const [isLeaving, setIsLeaving] = useState(false);
  if (!user) return null;
  // An account that already has one changes it on the overview page (not while leaving after setting it).
  if (user.hasPassword && !isLeaving) return <Navigate to={paths.updateProfile.getHref()} replace />;
  const later = () => {
    dismissSetPasswordPrompt(user.id);
    void navigate(next, { replace: true });
  };
  return (
    <PageShell title={t('setPassword.pageTitle')}>
      <Section id="set-password" title={t('setPassword.title')}>
        <Typography color="text.secondary">{t('setPassword.subtitle')}</Typography>
        <SetPasswordForm
          guard={guard}
          autoFocus
          onDone={() => {
            setIsLeaving(true);
            notices.success('account:setPassword.done');
            void navigate(next, { replace: true });
          }}
          extraActions={
            <Button color="inherit" onClick={later}>
              {t('setPassword.later')}
            </Button>
          }
        />
      </Section>
      {dialog}
    </PageShell>
  );
}
