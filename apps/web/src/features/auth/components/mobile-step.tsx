import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartLoginResponse } from '@portal/contract/auth/auth';
import { DigitTextField } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLanguage } from '@/hooks/use-language';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { ELEMENT_MARK, placeElement } from '@/lib/place-element';
import { useStartLogin } from '../api/start-login';
import type { MobileFormInput } from '../mobile-form';
import { useMobileForm } from '../use-mobile-form';
import { CountryField } from './country-field';

export interface MobileStepResult {
  /** A code was sent (`next: 'otp'`), or the account has a password (`next: 'password'`). */
  start: StartLoginResponse;
  country: string;
  /** What the user typed, to put back if they edit the number. */
  typed: string;
}

/**
 * Step 1 of the auth page: the mobile number and its country. The server answers with the next
 * step: the password step for an account with a password, else the code step (the code is sent).
 */
export function MobileStep({
  defaultValues,
  onNext,
  onSubmitStart,
  titleId,
}: {
  defaultValues: MobileFormInput;
  onNext: (result: MobileStepResult) => void;
  /** Called as the request starts (the next steps' code can load meanwhile). */
  onSubmitStart?: () => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const { lng, dir } = useLanguage();
  const errorMessage = useErrorMessage();
  const request = useStartLogin();
  const form = useMobileForm(defaultValues);
  const mobileInput = useRef<HTMLInputElement>(null);
  // Rendered by the server (decision 043): no typing nor submitting before React has taken the form over.
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(
    (values) => {
      if (request.isPending) return;
      onSubmitStart?.();
      request.mutate(
        { mobile: values.e164, country: values.country, channel: 'sms' },
        { onSuccess: (start) => onNext({ start, country: values.country, typed: values.mobile }) },
      );
    },
    () => mobileInput.current?.focus(),
  );

  // Validation runs on every change; the message waits until the user leaves the field, submits,
  // or has typed a whole number, so it does not nag after the first digit.
  const digits = form.values.mobile.replace(/\D/g, '');
  const mobileError = form.errors.mobile;
  const showMobileError = Boolean(mobileError) && (form.touched.mobile || form.isSubmitted || digits.length >= 11);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      <div>
        <Typography id={titleId} variant="h1" component="h1" gutterBottom>
          {t('auth.mobile.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.mobile.subtitle')}</Typography>
      </div>

      <CountryField
        value={form.values.country}
        onChange={(code) => form.setValue('country', code)}
        onBlur={() => form.blur('country')}
        disabled={request.isPending}
      />

      <DigitTextField
        name="mobile"
        value={form.values.mobile}
        onChange={(e) => form.setValue('mobile', e.target.value)}
        onBlur={() => form.blur('mobile')}
        inputRef={mobileInput}
        id="auth-mobile"
        label={t('auth.mobile.label')}
        placeholder={form.values.country === 'IR' ? formatDigits('09123456789', lng) : undefined}
        type="tel"
        autoComplete="tel"
        autoFocus
        disabled={request.isPending}
        error={showMobileError}
        helperText={showMobileError && mobileError ? t(`validation.${mobileError}`) : ' '}
        inputProps={{
          dir: 'ltr',
          inputMode: 'tel',
          maxLength: 32,
          readOnly: !hydrated,
          style: { textAlign: dir === 'rtl' ? 'right' : 'left' },
        }}
      />

      {request.isError ? <FormError message={errorMessage(request.error)} /> : null}

      <Button type="submit" variant="contained" size="large" fullWidth loading={request.isPending} disabled={!hydrated}>
        {t('auth.mobile.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {placeElement(
          t('auth.mobile.terms', { terms: ELEMENT_MARK }),
          // A plain link: the sign-in page may be a document of its own, without the router.
          <Link href={paths.terms.getHref()} underline="always">
            {t('auth.mobile.termsLink')}
          </Link>,
        )}
      </Typography>
    </Box>
  );
}
