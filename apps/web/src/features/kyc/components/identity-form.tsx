import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { nationalCodeSchema } from '@portal/contract/core/validation';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile, formatDigits } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { useSubmitIdentity } from '../api/submit-identity';
import { birthDateInputSchema, emptyBirthDate, type BirthDateInput } from '../birth-date';
import { BirthDateField } from './birth-date-field';
import { useFieldMessage } from './field-message';

interface IdentityInput {
  nationalCode: string;
  birthDate: BirthDateInput;
}

/**
 * KYC level one, Iranian (SPEC §2 "Personal info"): the 10-digit national code (its check digit
 * checked as it is typed) and the birth date in the user's calendar, sent as a Gregorian date. The
 * identity inquiry answers at once whether the code belongs to the owner of the registered mobile.
 */
export function IdentityForm() {
  const { t } = useTranslation('kyc');
  const { lng, calendar } = useFormat();
  const errorMessage = useErrorMessage();
  const message = useFieldMessage();
  const mobile = useAccount().data?.user.mobile;
  const submit = useSubmitIdentity();
  const schema = useMemo(
    () => z.object({ nationalCode: nationalCodeSchema, birthDate: birthDateInputSchema(calendar) }),
    [calendar],
  );
  const form = useForm<IdentityInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { nationalCode: '', birthDate: emptyBirthDate },
    mode: 'all',
  });

  const onSubmit = form.handleSubmit((body) => {
    if (submit.isPending) return;
    submit.mutate(body);
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('identity.title')}>
      <Typography color="text.secondary">
        {t('identity.text')}
        {mobile ? (
          <>
            {' '}
            <span dir="ltr">{displayMobile(mobile, lng)}</span>
          </>
        ) : null}
      </Typography>
      <Controller
        name="nationalCode"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <DigitTextField
              id="kyc-national-code"
              name={field.name}
              label={t('identity.nationalCode')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              sanitize={onlyDigits(10)}
              placeholder={formatDigits('0012345678', lng)}
              disabled={submit.isPending}
              error={show}
              helperText={show ? message(fieldState.error?.message) : t('identity.nationalCodeHint')}
              autoComplete="off"
              inputProps={{ dir: 'ltr', inputMode: 'numeric', maxLength: 10 }}
            />
          );
        }}
      />
      <BirthDateField control={form.control} disabled={submit.isPending} />
      {submit.error ? <FormError message={errorMessage(submit.error)} /> : null}
      <Button type="submit" variant="contained" loading={submit.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('identity.submit')}
      </Button>
    </Stack>
  );
}
