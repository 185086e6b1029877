import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigitTextField } from '@/components/digit-text-field';
import { TextInput } from '@/components/form/text-input';
import type { ForeignInput, ForeignOutput } from '../foreign-details';
import { BirthDateField } from './birth-date-field';
import { useFieldMessage } from './field-message';
import { NationalityField } from './nationality-field';
import { PassportImageField } from './passport-image-field';

const TEXT_FIELDS = [
  { name: 'firstNameEn', autoComplete: 'given-name', maxLength: 50 },
  { name: 'lastNameEn', autoComplete: 'family-name', maxLength: 50 },
] as const;

/**
 * The foreign track's first step (SPEC §2 "Foreign KYC"): first and last name in English, birth
 * date, nationality, passport number and image. "Continue" leads to the video; nothing is
 * submitted until the video is recorded.
 */
export function ForeignDetailsForm({
  form,
  onContinue,
}: {
  form: UseFormReturn<ForeignInput, unknown, ForeignOutput>;
  onContinue: (details: ForeignOutput) => void;
}) {
  const { t } = useTranslation('kyc');
  const message = useFieldMessage();

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label={t('foreign.title')}
      onSubmit={form.handleSubmit(onContinue)}
    >
      <Typography color="text.secondary">{t('foreign.text')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {TEXT_FIELDS.map(({ name, autoComplete, maxLength }) => (
          <Controller
            key={name}
            name={name}
            control={form.control}
            render={({ field, fieldState, formState }) => {
              const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
              return (
                <TextInput
                  id={`kyc-${name}`}
                  name={field.name}
                  label={t(`foreign.${name}`)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete={autoComplete}
                  error={show}
                  helperText={show ? message(fieldState.error?.message) : t('foreign.englishHint')}
                  inputProps={{ dir: 'ltr', maxLength, lang: 'en' }}
                />
              );
            }}
          />
        ))}
      </Box>
      <BirthDateField control={form.control} />
      <NationalityField control={form.control} />
      <Controller
        name="passportNumber"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <DigitTextField
              id="kyc-passport-number"
              name={field.name}
              label={t('foreign.passportNumber')}
              value={field.value}
              sanitize={(v) => v.toUpperCase()}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoComplete="off"
              error={show}
              helperText={show ? message(fieldState.error?.message) : t('foreign.passportNumberHint')}
              inputProps={{ dir: 'ltr', maxLength: 20, autoCapitalize: 'characters', spellCheck: false }}
            />
          );
        }}
      />
      <PassportImageField control={form.control} />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('foreign.continue')}
      </Button>
    </Stack>
  );
}
