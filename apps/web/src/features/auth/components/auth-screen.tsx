import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult, RequestOtpResponse } from '@portal/contract/auth/auth';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { useNotify, type Notice } from '@/components/notices/notices';
import { ThemeToggle } from '@/components/theme-toggle';
import { REFERRAL_QUERY_KEY, safeNext } from '@/config/paths';
import { lazyWithAccountTexts } from '@/lib/lazy-with-texts';
import { useCachedSession } from '@/lib/session-state';
import { verifyOtpMutationKey } from '../api/verify-otp-key';
import type { MobileFormInput } from '../mobile-form';
import { DEFAULT_COUNTRY } from '../phone';
import { MobileStep, type MobileStepResult } from './mobile-step';

const loadCodeStep = () => import('./code-step');
const CodeStep = lazy(loadCodeStep);
const loadPasswordStep = () => import('./password-step');
const PasswordStep = lazyWithAccountTexts(loadPasswordStep);
const TotpStep = lazyWithAccountTexts(() => import('./totp-step'));
const ForgotPassword = lazyWithAccountTexts(() => import('./forgot-password'));

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

type Step =
  | { kind: 'mobile' }
  | { kind: 'code'; otp: RequestOtpResponse; country: string }
  | { kind: 'password'; mobile: string; country: string }
  | { kind: 'totp'; challengeToken: string; canRecoverByPhone: boolean; recoveryByAdmin: boolean; back: Step }
  | { kind: 'forgot'; mobile: string; country: string };

/**
 * How the auth page leaves for `to` (a path of the portal), with a notice to show there or none. In the
 * app (`routes/auth.tsx`) a navigation of the router with the notice shown at once; on the sign-in page's
 * own document (`auth-main.tsx`, decision 043) a document navigation, the notice carried to the next page.
 */
export type LeaveAuth = (to: string, notice: Notice | null) => void;

/** Leaves as soon as it is committed (as the router's `<Navigate>` does). */
function LeaveNow({ to, leave }: { to: string; leave: LeaveAuth }) {
  useEffect(() => {
    leave(to, null);
  }, [to, leave]);
  return null;
}

/**
 * The auth page (SPEC §2 "Auth", §4): the mobile number, then the one-time code (a new number or
 * an account without a password) or the password; then the authenticator code when two-factor is
 * on. From the password step: a one-time code instead, or forgot password. A visitor who is
 * already logged in goes straight on to `next`. No router here: `search` is the page's query and
 * `leave` goes elsewhere, so that the sign-in page's own document carries no router (decision 043).
 */
export function AuthScreen({ search, leave }: { search: URLSearchParams; leave: LeaveAuth }) {
  const { t } = useTranslation();
  const params = search;
  const next = safeNext(params.get('next'));
  const referralCode = params.get(REFERRAL_QUERY_KEY)?.slice(0, 64) || undefined;
  // The session as far as this tab knows it (after a logout it is `null`). The auth page does not
  // ask the server itself: that would put the API client's schemas on its first load.
  const session = useCachedSession();
  const notices = useNotify();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'mobile' });
  const [typed, setTyped] = useState<MobileFormInput>({ country: DEFAULT_COUNTRY, mobile: '' });
  const [isLeaving, setIsLeaving] = useState(false);

  // While a code is being verified the account arrives first; the verify step then navigates itself.
  const isVerifying = useIsMutating({ mutationKey: verifyOtpMutationKey }) > 0;

  if (session && !isLeaving && !isVerifying) return <LeaveNow to={next} leave={leave} />;

  const loggedIn = (isNewUser: boolean, messageKey?: string) => {
    setIsLeaving(true);
    leave(next, {
      severity: 'success',
      messageKey: messageKey ?? (isNewUser ? 'notices.signedUp' : 'notices.loggedIn'),
    });
  };

  const onResult = (result: LoginResult, back: Step) => {
    if (result.status === 'loggedIn') loggedIn(result.isNewUser);
    else
      setStep({
        kind: 'totp',
        challengeToken: result.challengeToken,
        canRecoverByPhone: result.canRecoverByPhone,
        recoveryByAdmin: result.recoveryByAdmin,
        back,
      });
  };

  const onStarted = (sent: MobileStepResult) => {
    setTyped({ country: sent.country, mobile: sent.typed });
    if (sent.start.next === 'otp') setStep({ kind: 'code', otp: sent.start, country: sent.country });
    else setStep({ kind: 'password', mobile: sent.start.mobile, country: sent.country });
  };

  const toMobile = () => setStep({ kind: 'mobile' });

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
                onSubmitStart={() => {
                  void loadCodeStep();
                  void loadPasswordStep();
                }}
                defaultValues={typed}
                onNext={onStarted}
              />
            ) : (
              <Suspense
                fallback={
                  <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
                    <CircularProgress aria-label={t('common.loading')} />
                  </Box>
                }
              >
                {step.kind === 'code' ? (
                  <CodeStep
                    key={step.otp.mobile}
                    titleId={titleId}
                    otp={step.otp}
                    country={step.country}
                    referralCode={referralCode}
                    onEditNumber={toMobile}
                    onVerified={(result) => onResult(result, step)}
                  />
                ) : step.kind === 'password' ? (
                  <PasswordStep
                    key={step.mobile}
                    titleId={titleId}
                    mobile={step.mobile}
                    country={step.country}
                    onEditNumber={toMobile}
                    onResult={(result) => onResult(result, step)}
                    onUseCode={(otp) => setStep({ kind: 'code', otp, country: step.country })}
                    onForgot={() => setStep({ kind: 'forgot', mobile: step.mobile, country: step.country })}
                  />
                ) : step.kind === 'totp' ? (
                  <TotpStep
                    key={step.challengeToken}
                    titleId={titleId}
                    challengeToken={step.challengeToken}
                    canRecoverByPhone={step.canRecoverByPhone}
                    recoveryByAdmin={step.recoveryByAdmin}
                    onBack={() => setStep(step.back)}
                    onLoggedIn={(result, recovered) =>
                      loggedIn(result.isNewUser, recovered ? 'account:recover2fa.done' : undefined)
                    }
                  />
                ) : (
                  <ForgotPassword
                    titleId={titleId}
                    mobile={step.mobile}
                    country={step.country}
                    onBack={() => setStep({ kind: 'password', mobile: step.mobile, country: step.country })}
                    onDone={() => {
                      notices.success('account:forgot.done');
                      setStep({ kind: 'password', mobile: step.mobile, country: step.country });
                    }}
                  />
                )}
              </Suspense>
            )}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
