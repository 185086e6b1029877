import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpChannel } from '@portal/contract/auth/auth';
import type { CodeSent } from '@portal/contract/auth/two-factor';
import type { LoggedIn } from '../api/types';
import { CodeEntry } from '@/components/otp/code-entry';
import { SecondFactorEntry } from '@/components/otp/second-factor-entry';
import { FormError } from '@/components/form/form-error';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import {
  useRecoverTwoFactorLogin,
  useRequestTwoFactorRecoveryCode,
  useVerifyTwoFactorLogin,
} from '../api/two-factor-login';

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/**
 * The two-factor step of a login (SPEC §2 "Auth"): the authenticator code, or one of the account's
 * recovery codes ("use a recovery code", issue 15). "I can't reach my authenticator" (offered to an
 * investor after a password) sends a code to the phone that turns two-factor off and opens the session;
 * an operator reads that an admin recovers their account.
 */
export default function TotpStep({
  challengeToken,
  canRecoverByPhone,
  recoveryByAdmin,
  titleId,
  onBack,
  onLoggedIn,
}: {
  challengeToken: string;
  canRecoverByPhone: boolean;
  recoveryByAdmin: boolean;
  titleId: string;
  onBack: () => void;
  onLoggedIn: (result: LoggedIn, recovered: boolean) => void;
}) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const verify = useVerifyTwoFactorLogin();
  const requestCode = useRequestTwoFactorRecoveryCode();
  const recover = useRecoverTwoFactorLogin();
  const [sent, setSent] = useState<{ code: CodeSent; at: number } | null>(null);
  const [sending, setSending] = useState<OtpChannel | null>(null);

  const sendCode = (channel: OtpChannel) => {
    if (requestCode.isPending) return;
    setSending(channel);
    recover.reset();
    requestCode.mutate(
      { challengeToken, channel },
      { onSuccess: (code) => setSent({ code, at: Date.now() }), onSettled: () => setSending(null) },
    );
  };

  if (sent) {
    return (
      <Stack spacing={2.5} aria-labelledby={titleId} component="section">
        <div>
          <Typography id={titleId} variant="h1" component="h1" gutterBottom>
            {t('recover2fa.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('recover2fa.subtitle', { mobile: displayMobile(sent.code.maskedMobile, lng) })}
          </Typography>
        </div>
        <CodeEntry
          id="auth-recover-code"
          label={t('recover2fa.label')}
          submitLabel={t('recover2fa.submit')}
          isPending={recover.isPending}
          error={recover.error ?? requestCode.error}
          onSubmit={(code) => recover.mutate({ challengeToken, code }, { onSuccess: (r) => onLoggedIn(r, true) })}
          resend={{
            resendInSeconds: sent.code.resendInSeconds,
            onResend: sendCode,
            sending,
            resendLabel: t('recover2fa.resend'),
            sentAt: sent.at,
          }}
        />
        <Button startIcon={<ArrowBack sx={flipInRtl} />} onClick={() => setSent(null)} color="inherit">
          {t('totp.back')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5} aria-labelledby={titleId} component="section">
      <div>
        <Typography id={titleId} variant="h1" component="h1" gutterBottom>
          {t('totp.title')}
        </Typography>
        <Typography color="text.secondary">{t('totp.subtitle')}</Typography>
      </div>
      <SecondFactorEntry
        id="auth-totp"
        label={t('totp.label')}
        submitLabel={t('totp.submit')}
        isPending={verify.isPending}
        error={verify.error}
        onSwitch={() => verify.reset()}
        onSubmit={(code) => verify.mutate({ challengeToken, code }, { onSuccess: (r) => onLoggedIn(r, false) })}
      />
      {requestCode.error ? <FormError message={errorMessage(requestCode.error)} /> : null}
      {recoveryByAdmin ? (
        <Typography variant="body2" color="text.secondary">
          {t('totp.adminRecovery')}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        {canRecoverByPhone ? (
          <Button onClick={() => sendCode('sms')} loading={requestCode.isPending} disabled={verify.isPending}>
            {t('totp.lost')}
          </Button>
        ) : null}
        <Button startIcon={<ArrowBack sx={flipInRtl} />} onClick={onBack} color="inherit" disabled={verify.isPending}>
          {t('totp.back')}
        </Button>
      </Stack>
    </Stack>
  );
}
