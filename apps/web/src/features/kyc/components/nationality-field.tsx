import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { countryOptions, filterCountries } from '@/lib/countries';
import { useFieldMessage } from './field-message';

/** Nationality (foreign track): a searchable list of countries named in the interface language. */
export function NationalityField<T extends FieldValues & { nationality: string }, O extends FieldValues = T>({
  control,
  disabled,
}: {
  control: Control<T, unknown, O>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('kyc');
  const { lng } = useLanguage();
  const message = useFieldMessage();
  const options = useMemo(() => countryOptions(lng), [lng]);
  return (
    <Controller<T, Path<T>, O>
      name={'nationality' as Path<T>}
      control={control}
      render={({ field, fieldState, formState }) => {
        // Choosing a country is a finished answer: its error shows at once.
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <Autocomplete
            id="kyc-nationality"
            options={options}
            value={options.find((o) => o.code === field.value) ?? null}
            onChange={(_e, option) => field.onChange(option?.code ?? '')}
            onBlur={field.onBlur}
            disabled={disabled}
            autoHighlight
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            filterOptions={(opts, state) => filterCountries(opts, state.inputValue)}
            noOptionsText={t('foreign.nationalityNotFound')}
            openText={t('translation:common.open')}
            closeText={t('translation:common.close')}
            clearText={t('foreign.clear')}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={t('foreign.nationality')}
                error={show}
                helperText={show ? message(fieldState.error?.message) : t('foreign.nationalityHint')}
              />
            )}
          />
        );
      }}
    />
  );
}
