import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { VerifyOtpResponse } from '@portal/contract/auth/auth';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { useNotify } from '@/components/notices/notices';
import { ThemeToggle } from '@/components/theme-toggle';
import { REFERRAL_QUERY_KEY, safeNext } from '@/config/paths';
import { useCachedSession } from '@/lib/session-state';
import { verifyOtpMutationKey } from '../api/verify-otp-key';
import type { MobileFormInput } from '../mobile-form';
import { DEFAULT_COUNTRY } from '../phone';
import { MobileStep, type MobileStepResult } from './mobile-step';

const loadCodeStep = () => import('./code-step');
const CodeStep = lazy(loadCodeStep);

function BrandPanel() {
  const { t } = useTranslation();
  const points = [
    { icon: TrendingUp, key: 'funds' },
    { icon: PieChartOutline, key: 'baskets' },
    { icon: AccountBalanceWalletOutlined, key: 'wallets' },
  ] as const;
  return (
    <Box
      component="aside"
      aria-label={t('app.name')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 4,
        p: 6,
        flex: '1 1 50%',
        background: (th) =>
          th.palette.mode === 'dark'
            ? 'linear-gradient(160deg, #11352a 0%, #0e141b 70%)'
            : 'linear-gradient(160deg, #d8f1e6 0%, #f5f7fa 70%)',
      }}
    >
      <Typography variant="h1" component="p" sx={{ fontSize: '2rem', maxWidth: 480 }}>
        {t('auth.brand.headline')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {points.map(({ icon: Icon, key }) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 460 }}>
            <Icon color="primary" aria-hidden="true" sx={{ mt: 0.25 }} />
            <div>
              <Typography sx={{ fontWeight: 700 }}>{t(`auth.brand.${key}.title`)}</Typography>
              <Typography color="text.secondary">{t(`auth.brand.${key}.text`)}</Typography>
            </div>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type Step = { kind: 'mobile' } | { kind: 'code'; sent: MobileStepResult };

/**
 * The auth page (SPEC §2 "Auth", §4): mobile number, then the one-time code. A visitor who is
 * already logged in goes straight on to `next`.
 */
export function AuthScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const referralCode = params.get(REFERRAL_QUERY_KEY)?.slice(0, 64) || undefined;
  // The session as far as this tab knows it (after a logout it is `null`). The auth page does not
  // ask the server itself: that would put the API client's schemas on its first load.
  const session = useCachedSession();
  const navigate = useNavigate();
  const notices = useNotify();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'mobile' });
  const [typed, setTyped] = useState<MobileFormInput>({ country: DEFAULT_COUNTRY, mobile: '' });
  const [isLeaving, setIsLeaving] = useState(false);

  // While a code is being verified the account arrives first; the verify step then navigates itself.
  const isVerifying = useIsMutating({ mutationKey: verifyOtpMutationKey }) > 0;

  if (session && !isLeaving && !isVerifying) return <Navigate to={next} replace />;

  const onVerified = (result: VerifyOtpResponse) => {
    setIsLeaving(true);
    notices.success(result.isNewUser ? 'notices.signedUp' : 'notices.loggedIn');
    void navigate(next, { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex' }}>
      <BrandPanel />
      <Box sx={{ flex: '1 1 50%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitcher />
          <ThemeToggle />
        </Box>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'center',
            px: 2,
            py: { xs: 2, sm: 4 },
          }}
        >
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
            {step.kind === 'mobile' ? (
              <MobileStep
                titleId={titleId}
                onSubmitStart={() => void loadCodeStep()}
                defaultValues={typed}
                onCodeSent={(sent) => {
                  setTyped({ country: sent.country, mobile: sent.typed });
                  setStep({ kind: 'code', sent });
                }}
              />
            ) : (
              <Suspense
                fallback={
                  <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
                    <CircularProgress aria-label={t('common.loading')} />
                  </Box>
                }
              >
                <CodeStep
                  key={step.sent.otp.mobile}
                  titleId={titleId}
                  otp={step.sent.otp}
                  country={step.sent.country}
                  referralCode={referralCode}
                  onEditNumber={() => setStep({ kind: 'mobile' })}
                  onVerified={onVerified}
                />
              </Suspense>
            )}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
