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
import type { OtpChannel } from '@portal/contract/auth/auth';
import type { CodeSent } from '@portal/contract/auth/two-factor';
import { mobileInputSchema, nationalCodeSchema } from '@portal/contract/core/validation';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { CodeEntry } from '@/components/otp/code-entry';
import { OtpCodeField } from '@/components/otp/otp-code-field';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
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
  | { kind: 'new'; changeToken: string }
  | { kind: 'newCode'; changeToken: string; newMobile: string; nationalCode?: string; sent: CodeSent; at: number }
  | { kind: 'done'; mobile: string };

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
 * (resend countdown, voice call), the authenticator code when two-factor is on, the new number
 * (it must be registered to the user) and its code; a success modal, then the auth page: every
 * session has ended.
 */
export default function ChangePhoneScreen() {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const errorMessage = useErrorMessage();
  const client = useQueryClient();
  const navigate = useNavigate();
  const user = useAccount().data?.user;
  const requestCurrent = useRequestCurrentPhoneCode();
  const verifyCurrent = useVerifyCurrentPhone();
  const requestNew = useRequestNewPhoneCode();
  const verifyNew = useVerifyNewPhone();
  const [stage, setStage] = useState<Stage>({ kind: 'start' });
  const [sending, setSending] = useState<OtpChannel | null>(null);
  const [totp, setTotp] = useState('');
  const dialogTitleId = useId();
  const [doneMobile, setDoneMobile] = useState<string | null>(null);

  if (!user && !doneMobile) return null;
  const twoFactor = user?.twoFactorEnabled ?? false;
  // Before KYC the server has no national code to ask the identity inquiry with: the user gives one.
  const needsNationalCode = user ? !user.hasNationalCode : false;

  const sendCurrent = (channel: OtpChannel) => {
    if (requestCurrent.isPending) return;
    setSending(channel);
    verifyCurrent.reset();
    requestCurrent.mutate(channel, {
      onSuccess: (sent) => setStage({ kind: 'current', sent, at: Date.now() }),
      onSettled: () => setSending(null),
    });
  };

  const sendNew = (changeToken: string, { newMobile: mobile, nationalCode }: NewNumber, channel: OtpChannel) => {
    if (requestNew.isPending) return;
    setSending(channel);
    verifyNew.reset();
    requestNew.mutate(
      {
        changeToken,
        newMobile: mobile,
        country: 'IR',
        channel,
        nationalCode,
      },
      {
        onSuccess: (sent) =>
          setStage({ kind: 'newCode', changeToken, newMobile: mobile, nationalCode, sent, at: Date.now() }),
        onSettled: () => setSending(null),
      },
    );
  };

  const steps = ['current', ...(twoFactor ? ['totp'] : []), 'new', 'newCode'];
  const activeStep =
    stage.kind === 'start' || stage.kind === 'current'
      ? 0
      : stage.kind === 'new'
        ? steps.indexOf('new')
        : steps.indexOf('newCode');

  const finish = () => {
    setDoneMobile(null);
    clearSession(client);
    void navigate(paths.auth.getHref(), { replace: true });
  };

  return (
    <PageShell title={t('changePhone.pageTitle')} backTo={paths.updateProfile.getHref()}>
      <Section id="change-phone" title={t('changePhone.title')}>
        <Alert severity="warning">{t('changePhone.warning')}</Alert>
        <Stepper activeStep={activeStep} alternativeLabel sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}>
          {steps.map((s) => (
            <Step key={s}>
              <StepLabel>{t(`changePhone.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {stage.kind === 'start' && user ? (
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
              id="change-phone-current-code"
              label={t('changePhone.current.label')}
              submitLabel={t('changePhone.current.submit')}
              isPending={verifyCurrent.isPending}
              error={verifyCurrent.error ?? requestCurrent.error}
              onSubmit={(code) =>
                verifyCurrent.mutate(
                  { code, totpCode: twoFactor ? totp : undefined },
                  { onSuccess: (r) => setStage({ kind: 'new', changeToken: r.changeToken }) },
                )
              }
              resend={{
                resendInSeconds: stage.sent.resendInSeconds,
                voiceInSeconds: stage.sent.voiceInSeconds,
                onResend: sendCurrent,
                sending,
                resendLabel: t('changePhone.resend'),
                callLabel: t('changePhone.callMe'),
                sentAt: stage.at,
              }}
            >
              {twoFactor ? (
                <OtpCodeField
                  id="change-phone-totp"
                  name="totp"
                  label={t('changePhone.totp.label')}
                  value={totp}
                  onChange={(e) => setTotp(e.target.value)}
                  disabled={verifyCurrent.isPending}
                  helperText=" "
                />
              ) : null}
            </CodeEntry>
          </Stack>
        ) : null}

        {stage.kind === 'new' ? (
          <NewNumberForm
            needsNationalCode={needsNationalCode}
            isPending={requestNew.isPending}
            error={requestNew.error}
            onSubmit={(number) => sendNew(stage.changeToken, number, 'sms')}
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
                  { onSuccess: (r) => setDoneMobile(r.mobile) },
                )
              }
              resend={{
                resendInSeconds: stage.sent.resendInSeconds,
                voiceInSeconds: stage.sent.voiceInSeconds,
                onResend: (channel) =>
                  sendNew(stage.changeToken, { newMobile: stage.newMobile, nationalCode: stage.nationalCode }, channel),
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
