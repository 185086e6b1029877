import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type ControllerFieldState, type FieldValues, type FormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import type { AccountInfo } from '@portal/contract/account/account';
import type { OtpChannel } from '@portal/contract/auth/auth';
import type { CodeSent } from '@portal/contract/auth/two-factor';
import { mobileInputSchema, nationalCodeSchema } from '@portal/contract/core/validation';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { CodeEntry } from '@/components/otp/code-entry';
import { SecondFactorEntry } from '@/components/otp/second-factor-entry';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile, formatDigits } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { clearSession } from '@/lib/session-state';
import {
  useRequestCurrentPhoneCode,
  useRequestNewPhoneCode,
  useVerifyCurrentPhone,
  useVerifyNewPhone,
} from '../api/mutations';
import { PageShell, Section } from '@/components/layouts/page-shell';

type Stage =
  | { kind: 'start' }
  | { kind: 'current'; sent: CodeSent; at: number }
  /** Two-factor on: the current number's code was typed; the authenticator's code is the next step. */
  | { kind: 'totp'; sent: CodeSent; at: number; code: string }
  | { kind: 'new'; changeToken: string; expiresAt: number }
  | {
      kind: 'newCode';
      changeToken: string;
      expiresAt: number;
      newMobile: string;
      nationalCode?: string;
      sent: CodeSent;
      at: number;
    };

/** Codes of a refused current-number code: the flow goes back to that step to type it again. */
const CURRENT_CODE_ERRORS: readonly string[] = ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS'];

/**
 * Where the flow stands survives a reload of the tab (sessionStorage, this tab only, per user): the code
 * that was sent and when, and the server's single-use change token (5 minutes) once the current number
 * is confirmed. Codes the user typed and the national code are never stored: after a reload the
 * two-factor step starts again from the current number's code, and a resend that needs the national
 * code asks for the new number again. A stage whose code or token has expired is dropped.
 */
const storageKey = (userId: string) => `change-phone:${userId}`;

function saveStage(userId: string, stage: Stage): void {
  try {
    if (stage.kind === 'start') {
      window.sessionStorage.removeItem(storageKey(userId));
      return;
    }
    const kept: Stage =
      stage.kind === 'totp'
        ? { kind: 'current', sent: stage.sent, at: stage.at }
        : stage.kind === 'newCode'
          ? { ...stage, nationalCode: undefined }
          : stage;
    window.sessionStorage.setItem(storageKey(userId), JSON.stringify(kept));
  } catch {
    /* storage disabled: the flow simply starts over on a reload */
  }
}

function clearStage(userId: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(userId));
  } catch {
    /* nothing kept */
  }
}

function restoreStage(userId: string, now = Date.now()): Stage {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(storageKey(userId));
  } catch {
    return { kind: 'start' };
  }
  if (!raw) return { kind: 'start' };
  try {
    const stage = JSON.parse(raw) as Stage;
    const codeAlive = (sent: CodeSent, at: number) => at + sent.expiresInSeconds * 1000 > now;
    // The countdowns go on from where they were, not from the start: what is left of each, counted from now.
    const left = (sent: CodeSent, at: number): CodeSent => {
      const elapsed = (now - at) / 1000;
      const rest = (seconds: number) => Math.max(0, Math.ceil(seconds - elapsed));
      return {
        ...sent,
        expiresInSeconds: rest(sent.expiresInSeconds),
        resendInSeconds: rest(sent.resendInSeconds),
        voiceInSeconds: rest(sent.voiceInSeconds),
      };
    };
    if (stage.kind === 'current' && codeAlive(stage.sent, stage.at))
      return { ...stage, sent: left(stage.sent, stage.at), at: now };
    if (stage.kind === 'new' && stage.expiresAt > now) return stage;
    if (stage.kind === 'newCode' && stage.expiresAt > now)
      return { ...stage, sent: left(stage.sent, stage.at), at: now };
  } catch {
    /* not ours */
  }
  clearStage(userId);
  return { kind: 'start' };
}

/**
 * The new number's form: the number as typed, normalised by the contract (rule `mobile`), and, while the
 * user has no national code on file, the contract's national code (rule `nationalCode`).
 */
const newNumberSchema = (needsNationalCode: boolean) =>
  z.object({
    newMobile: mobileInputSchema(),
    nationalCode: needsNationalCode ? nationalCodeSchema : z.string().transform(() => undefined),
  });
type NewNumber = z.output<ReturnType<typeof newNumberSchema>>;

/**
 * `/profile/change-phone-number` (SPEC §2 "Edit phone"): confirm the current number by a code
 * (resend countdown, voice call), then — when two-factor is on — the authenticator code as a step of its
 * own, the new number (it must be registered to the user) and its code; a success modal (every step
 * ticked), then the auth page: every session has ended. Where the flow stands survives a reload.
 */
export default function ChangePhoneScreen() {
  const user = useAccount().data?.user;
  const [doneMobile, setDoneMobile] = useState<string | null>(null);
  // Once the number changed the session is gone (the account query may fail): the flow stays to show it.
  const [userOfFlow, setUserOfFlow] = useState(user);
  if (user && user !== userOfFlow) setUserOfFlow(user);
  const shown = user ?? userOfFlow;
  if (!shown) return null;
  return <ChangePhoneFlow key={shown.id} user={shown} doneMobile={doneMobile} onDone={setDoneMobile} />;
}

function ChangePhoneFlow({
  user,
  doneMobile,
  onDone,
}: {
  user: AccountInfo;
  doneMobile: string | null;
  onDone: (mobile: string | null) => void;
}) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const requestCurrent = useRequestCurrentPhoneCode();
  const verifyCurrent = useVerifyCurrentPhone();
  const requestNew = useRequestNewPhoneCode();
  const verifyNew = useVerifyNewPhone();
  const [stage, setStageState] = useState<Stage>(() => restoreStage(user.id));
  const [sending, setSending] = useState<OtpChannel | null>(null);
  /** The error of the current number's code, shown on its step after the two-factor step sent it back. */
  const [currentCodeError, setCurrentCodeError] = useState<unknown>(null);
  const dialogTitleId = useId();

  const setStage = (next: Stage) => {
    saveStage(user.id, next);
    setStageState(next);
  };

  const twoFactor = user.twoFactorEnabled;
  // Before KYC the server has no national code to ask the identity inquiry with: the user gives one.
  const needsNationalCode = !user.hasNationalCode;

  const sendCurrent = (channel: OtpChannel) => {
    if (requestCurrent.isPending) return;
    setSending(channel);
    verifyCurrent.reset();
    setCurrentCodeError(null);
    requestCurrent.mutate(channel, {
      onSuccess: (sent) => setStage({ kind: 'current', sent, at: Date.now() }),
      onSettled: () => setSending(null),
    });
  };

  const confirmCurrent = (code: string, totpCode: string | undefined, back: { sent: CodeSent; at: number }) =>
    verifyCurrent.mutate(
      { code, totpCode },
      {
        onSuccess: (r) => {
          setCurrentCodeError(null);
          setStage({ kind: 'new', changeToken: r.changeToken, expiresAt: Date.now() + r.expiresInSeconds * 1000 });
        },
        onError: (e) => {
          // The current number's code was refused: back to its step, the reason shown there.
          if (totpCode !== undefined && isApiError(e) && CURRENT_CODE_ERRORS.includes(e.code)) {
            setCurrentCodeError(e);
            verifyCurrent.reset();
            setStage({ kind: 'current', sent: back.sent, at: back.at });
          }
        },
      },
    );

  const sendNew = (
    token: { changeToken: string; expiresAt: number },
    { newMobile: mobile, nationalCode }: NewNumber,
    channel: OtpChannel,
  ) => {
    if (requestNew.isPending) return;
    // After a reload the national code is not kept: a resend that needs it asks for the number again.
    const { changeToken, expiresAt } = token;
    if (needsNationalCode && !nationalCode) {
      setStage({ kind: 'new', changeToken, expiresAt });
      return;
    }
    setSending(channel);
    verifyNew.reset();
    requestNew.mutate(
      { changeToken, newMobile: mobile, country: 'IR', channel, nationalCode },
      {
        onSuccess: (sent) =>
          setStage({ kind: 'newCode', changeToken, expiresAt, newMobile: mobile, nationalCode, sent, at: Date.now() }),
        onSettled: () => setSending(null),
      },
    );
  };

  const steps = ['current', ...(twoFactor ? ['totp'] : []), 'new', 'newCode'];
  const activeStep =
    doneMobile !== null
      ? steps.length
      : stage.kind === 'start' || stage.kind === 'current'
        ? 0
        : steps.indexOf(stage.kind);

  const finish = () => {
    clearStage(user.id);
    onDone(null);
    clearSession(client);
    void navigate(paths.auth.getHref(), { replace: true });
  };

  return (
    <PageShell title={t('changePhone.pageTitle')} backTo={paths.updateProfile.getHref()}>
      <Section id="change-phone" title={t('changePhone.title')}>
        <Alert severity="warning">{t('changePhone.warning')}</Alert>
        <Stepper
          activeStep={activeStep}
          alternativeLabel
          aria-label={t('changePhone.steps.label')}
          sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}
        >
          {steps.map((s, i) => (
            <Step key={s}>
              {/* The step's number in the interface's digits (MUI writes Latin ones). */}
              <StepLabel icon={fmt.number(i + 1)}>{t(`changePhone.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {stage.kind === 'start' ? (
          <Stack spacing={2}>
            <Typography>
              {t('changePhone.current.text')} <span dir="ltr">{displayMobile(user.mobile, lng)}</span>
            </Typography>
            {requestCurrent.error ? <FormError message={errorMessage(requestCurrent.error)} /> : null}
            <Button
              variant="contained"
              onClick={() => sendCurrent('sms')}
              loading={requestCurrent.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('changePhone.current.send')}
            </Button>
          </Stack>
        ) : null}

        {stage.kind === 'current' ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {t('changePhone.current.sentTo')} <span dir="ltr">{displayMobile(stage.sent.maskedMobile, lng)}</span>
            </Typography>
            <CodeEntry
              key={`current-${stage.at}`}
              id="change-phone-current-code"
              label={t('changePhone.current.label')}
              submitLabel={t('changePhone.current.submit')}
              isPending={verifyCurrent.isPending}
              error={currentCodeError ?? verifyCurrent.error ?? requestCurrent.error}
              onSubmit={(code) => {
                setCurrentCodeError(null);
                // One code per step: with two-factor on, the authenticator's code is the next step's.
                if (twoFactor) setStage({ kind: 'totp', sent: stage.sent, at: stage.at, code });
                else confirmCurrent(code, undefined, stage);
              }}
              resend={{
                resendInSeconds: stage.sent.resendInSeconds,
                voiceInSeconds: stage.sent.voiceInSeconds,
                onResend: sendCurrent,
                sending,
                resendLabel: t('changePhone.resend'),
                callLabel: t('changePhone.callMe'),
                sentAt: stage.at,
              }}
            />
          </Stack>
        ) : null}

        {stage.kind === 'totp' ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('changePhone.totp.text')}</Typography>
            <SecondFactorEntry
              id="change-phone-totp"
              label={t('changePhone.totp.label')}
              submitLabel={t('changePhone.totp.submit')}
              isPending={verifyCurrent.isPending}
              error={verifyCurrent.error}
              onSwitch={() => verifyCurrent.reset()}
              onSubmit={(totpCode) => confirmCurrent(stage.code, totpCode, stage)}
            />
          </Stack>
        ) : null}

        {stage.kind === 'new' ? (
          <NewNumberForm
            needsNationalCode={needsNationalCode}
            isPending={requestNew.isPending}
            error={requestNew.error}
            onSubmit={(number) => sendNew(stage, number, 'sms')}
          />
        ) : null}

        {stage.kind === 'newCode' ? (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {t('changePhone.current.sentTo')} <span dir="ltr">{displayMobile(stage.sent.maskedMobile, lng)}</span>
            </Typography>
            <CodeEntry
              id="change-phone-new-code"
              label={t('changePhone.newCode.label')}
              submitLabel={t('changePhone.newCode.submit')}
              isPending={verifyNew.isPending}
              error={verifyNew.error ?? requestNew.error}
              onSubmit={(code) =>
                verifyNew.mutate(
                  { changeToken: stage.changeToken, code },
                  {
                    onSuccess: (r) => {
                      // Done: nothing to resume (the token is spent); every step is ticked.
                      clearStage(user.id);
                      onDone(r.mobile);
                    },
                  },
                )
              }
              resend={{
                resendInSeconds: stage.sent.resendInSeconds,
                voiceInSeconds: stage.sent.voiceInSeconds,
                onResend: (channel) =>
                  sendNew(stage, { newMobile: stage.newMobile, nationalCode: stage.nationalCode }, channel),
                sending,
                resendLabel: t('changePhone.resend'),
                callLabel: t('changePhone.callMe'),
                sentAt: stage.at,
              }}
            />
          </Stack>
        ) : null}
      </Section>
      <Dialog open={doneMobile !== null} aria-labelledby={dialogTitleId}>
        <DialogTitle id={dialogTitleId}>{t('changePhone.success.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('changePhone.success.text', { mobile: doneMobile ? displayMobile(doneMobile, lng) : '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={finish} autoFocus>
            {t('changePhone.success.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageShell>
  );
}

/** A field's error is shown once it was left with something in it or the form submitted. */
const shown = (field: ControllerFieldState, form: Pick<FormState<FieldValues>, 'isSubmitted'>) =>
  field.error && (field.isTouched || form.isSubmitted) ? field.error.message : undefined;

/** The new number (and, before KYC, the national code): react-hook-form with the contract's rules. */
function NewNumberForm({
  needsNationalCode,
  isPending,
  error,
  onSubmit,
}: {
  needsNationalCode: boolean;
  isPending: boolean;
  error: unknown;
  onSubmit: (number: NewNumber) => void;
}) {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const [schema] = useState(() => newNumberSchema(needsNationalCode));
  const form = useForm<z.input<typeof schema>, unknown, NewNumber>({
    resolver: zodResolver(schema),
    defaultValues: { newMobile: '', nationalCode: '' },
    mode: 'all',
  });
  // Leaving a field empty says nothing (until submitted).
  const leave = (name: 'newMobile' | 'nationalCode', onBlur: () => void) => () =>
    form.getValues(name) === '' ? form.resetField(name) : onBlur();

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit(onSubmit)}>
      <Typography>{t('changePhone.new.text')}</Typography>
      <Controller
        name="newMobile"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const rule = shown(fieldState, formState);
          return (
            <DigitTextField
              id="change-phone-new"
              name={field.name}
              label={t('changePhone.new.label')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={leave('newMobile', field.onBlur)}
              inputRef={field.ref}
              type="tel"
              autoComplete="tel"
              autoFocus
              placeholder={formatDigits('09123456789', lng)}
              disabled={isPending}
              error={Boolean(rule)}
              helperText={rule ? t(`translation:validation.${rule}`) : ' '}
              inputProps={{ dir: 'ltr', inputMode: 'tel', maxLength: 32 }}
            />
          );
        }}
      />
      {needsNationalCode ? (
        <Controller
          name="nationalCode"
          control={form.control}
          render={({ field, fieldState, formState }) => {
            const rule = shown(fieldState, formState);
            return (
              <DigitTextField
                id="change-phone-national-code"
                name={field.name}
                label={t('changePhone.new.nationalCode')}
                value={field.value}
                sanitize={onlyDigits(10)}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={leave('nationalCode', field.onBlur)}
                inputRef={field.ref}
                placeholder={formatDigits('0012345678', lng)}
                disabled={isPending}
                error={Boolean(rule)}
                helperText={rule ? t(`translation:validation.${rule}`) : t('changePhone.new.nationalCodeHint')}
                inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 10, autoComplete: 'off' }}
              />
            );
          }}
        />
      ) : null}
      {error ? <FormError message={errorMessage(error)} /> : null}
      <Button type="submit" variant="contained" loading={isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('changePhone.new.submit')}
      </Button>
    </Stack>
  );
}
