import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RequestOtpResponse } from '@portal/contract/auth/auth';
import { DigitTextField } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { useLanguage } from '@/hooks/use-language';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRequestOtp } from '../api/request-otp';
import type { MobileFormInput, MobileFormOutput } from '../mobile-form';
import { CountryField } from './country-field';

export interface MobileStepResult {
  otp: RequestOtpResponse;
  country: string;
  /** What the user typed, to put back if they edit the number. */
  typed: string;
}

const resolver = lazyResolver<MobileFormInput, MobileFormOutput>(() => import('../mobile-form').then((m) => m.mobileFormResolver));

/** Step 1 of the auth page: the mobile number and its country; sends the code by SMS. */
export function MobileStep({
  defaultValues,
  onCodeSent,
  onSubmitStart,
  titleId,
}: {
  defaultValues: MobileFormInput;
  onCodeSent: (result: MobileStepResult) => void;
  /** Called as the code is requested (the next step's code can load meanwhile). */
  onSubmitStart?: () => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const { lng, dir } = useLanguage();
  const errorMessage = useErrorMessage();
  const request = useRequestOtp();

  const { control, handleSubmit, watch } = useForm<MobileFormInput, unknown, MobileFormOutput>({
    resolver,
    defaultValues,
    // SPEC §5: forms validate on change and on blur.
    mode: 'all',
  });
  const country = watch('country');

  const onSubmit = handleSubmit((values) => {
    if (request.isPending) return;
    onSubmitStart?.();
    request.mutate(
      { mobile: values.e164, country: values.country, channel: 'sms' },
      { onSuccess: (otp) => onCodeSent({ otp, country: values.country, typed: values.mobile }) },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <div>
        <Typography id={titleId} variant="h1" component="h1" gutterBottom>
          {t('auth.mobile.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.mobile.subtitle')}</Typography>
      </div>

      <Controller
        name="country"
        control={control}
        render={({ field }) => (
          <CountryField value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={request.isPending} />
        )}
      />

      <Controller
        name="mobile"
        control={control}
        render={({ field, fieldState, formState }) => {
          // Validation runs on every change; the message waits until the user leaves the field,
          // submits, or has typed a whole number, so it does not nag after the first digit.
          const digits = field.value.replace(/\D/g, '');
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted || digits.length >= 11);
          return (
            <DigitTextField
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              id="auth-mobile"
              label={t('auth.mobile.label')}
              placeholder={country === 'IR' ? formatDigits('09123456789', lng) : undefined}
              type="tel"
              autoComplete="tel"
              autoFocus
              disabled={request.isPending}
              error={show}
              helperText={show && fieldState.error?.message ? t(`validation.${fieldState.error.message}`) : ' '}
              inputProps={{ dir: 'ltr', inputMode: 'tel', maxLength: 32, style: { textAlign: dir === 'rtl' ? 'right' : 'left' } }}
            />
          );
        }}
      />

      {request.isError ? <FormError message={errorMessage(request.error)} /> : null}

      <Button type="submit" variant="contained" size="large" fullWidth loading={request.isPending}>
        {t('auth.mobile.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.mobile.terms')}
      </Typography>
    </Box>
  );
}
