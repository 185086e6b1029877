import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpChannel } from '@portal/contract/auth/auth';
import { passwordInput } from '@portal/contract/auth/password';
import type { CodeSent } from '@portal/contract/auth/two-factor';
import { FormError } from '@/components/form/form-error';
import { CodeEntry } from '@/components/otp/code-entry';
import { SecondFactorEntry } from '@/components/otp/second-factor-entry';
import { PasswordField } from '@/components/password/password-field';
import { useFieldForm } from '@/components/form/use-field-form';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { useRequestStepUpCode, useStepUp } from '../api/mutations';

/** Runs a call; when the server answers `STEP_UP_REQUIRED`, asks the user to confirm and runs it again. */
export type StepUpGuard = <T>(run: () => Promise<T>) => Promise<T>;

/**
 * A page's step-up guard and its dialog (render `dialog` once in the page). The dialog asks for
 * what the account can give (decision 008): the authenticator code when two-factor is on, else the
 * password or a code sent by SMS.
 */
export function useStepUpGuard(): { guard: StepUpGuard; dialog: ReactNode } {
  const [pending, setPending] = useState<{ resolve: () => void; reject: () => void } | null>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const guard = useCallback<StepUpGuard>(async (run) => {
    try {
      return await run();
    } catch (e) {
      if (!isApiError(e) || e.code !== 'STEP_UP_REQUIRED') throw e;
      await new Promise<void>((resolve, reject) => setPending({ resolve, reject: () => reject(e) }));
      return run();
    }
  }, []);

  const dialog = (
    <StepUpDialog
      open={pending !== null}
      onDone={() => {
        pendingRef.current?.resolve();
        setPending(null);
      }}
      onCancel={() => {
        pendingRef.current?.reject();
        setPending(null);
      }}
    />
  );
  return { guard, dialog };
}

function StepUpDialog({ open, onDone, onCancel }: { open: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const account = useAccount().data?.user;
  const method: 'totp' | 'password' | 'otp' = account?.twoFactorEnabled
    ? 'totp'
    : account?.hasPassword
      ? 'password'
      : 'otp';
  const [tab, setTab] = useState<'password' | 'otp'>('password');
  const shown = method === 'totp' ? 'totp' : method === 'password' ? tab : 'otp';

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('stepUp.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('stepUp.text')}</DialogContentText>
          {method === 'password' ? (
            <Tabs value={tab} onChange={(_e, v: 'password' | 'otp') => setTab(v)} variant="fullWidth">
              <Tab value="password" label={t('stepUp.byPassword')} />
              <Tab value="otp" label={t('stepUp.byCode')} />
            </Tabs>
          ) : null}
          {open ? <StepUpForm key={shown} method={shown} onDone={onDone} /> : null}
          <Button onClick={onCancel} color="inherit">
            {t('stepUp.cancel')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

function StepUpForm({ method, onDone }: { method: 'totp' | 'password' | 'otp'; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const stepUp = useStepUp();
  const requestCode = useRequestStepUpCode();
  const password = useFieldForm(passwordInput, {
    onSubmit: (value) => stepUp.mutate({ method: 'password', password: value }, { onSuccess: onDone }),
    isPending: stepUp.isPending,
    error: stepUp.error,
  });
  const [sent, setSent] = useState<{ code: CodeSent; at: number } | null>(null);
  const [sending, setSending] = useState<OtpChannel | null>(null);

  const send = (channel: OtpChannel) => {
    setSending(channel);
    requestCode.mutate(channel, {
      onSuccess: (code) => setSent({ code, at: Date.now() }),
      onSettled: () => setSending(null),
    });
  };

  if (method === 'password') {
    return (
      <Stack component="form" noValidate spacing={2} onSubmit={password.submit}>
        <PasswordField
          {...password.input}
          name="password"
          label={t('stepUp.passwordLabel')}
          autoComplete="current-password"
          autoFocus
          disabled={stepUp.isPending}
          error={Boolean(password.rule) || stepUp.isError}
          helperText={password.rule ? t(`translation:validation.${password.rule}`) : undefined}
        />
        {stepUp.error ? <FormError message={errorMessage(stepUp.error)} /> : null}
        <Button type="submit" variant="contained" loading={stepUp.isPending}>
          {t('stepUp.submit')}
        </Button>
      </Stack>
    );
  }

  if (method === 'totp') {
    return (
      <SecondFactorEntry
        id="step-up-totp"
        label={t('stepUp.totpLabel')}
        submitLabel={t('stepUp.submit')}
        isPending={stepUp.isPending}
        error={stepUp.error}
        onSwitch={() => stepUp.reset()}
        onSubmit={(code) => stepUp.mutate({ method: 'totp', code }, { onSuccess: onDone })}
      />
    );
  }

  if (!sent) {
    return (
      <Stack spacing={2}>
        {requestCode.error ? <FormError message={errorMessage(requestCode.error)} /> : null}
        <Button variant="contained" onClick={() => send('sms')} loading={requestCode.isPending}>
          {t('stepUp.sendCode')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <DialogContentText>
        {t('stepUp.sentTo', { mobile: displayMobile(sent.code.maskedMobile, lng) })}
      </DialogContentText>
      <CodeEntry
        id="step-up-code"
        label={t('stepUp.codeLabel')}
        submitLabel={t('stepUp.submit')}
        isPending={stepUp.isPending}
        error={stepUp.error ?? requestCode.error}
        onSubmit={(code) => stepUp.mutate({ method: 'otp', code }, { onSuccess: onDone })}
        resend={{
          resendInSeconds: sent.code.resendInSeconds,
          onResend: send,
          sending,
          resendLabel: t('stepUp.resend'),
          sentAt: sent.at,
        }}
      />
    </Stack>
  );
}
