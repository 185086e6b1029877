import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { formatDigits } from '@/lib/format';
import { countryOptions, filterCountries, type CountryOption } from '@/lib/countries';
import type { CountryFieldProps } from './country-field';

/** `+98` kept left-to-right inside right-to-left text. */
const ltr = (s: string) => `\u2066${s}\u2069`;

/**
 * A searchable country-code picker (SPEC §2 Auth): names in the interface language, search by
 * name, ISO code or calling code. Its own chunk (with the phone metadata), see `CountryField`.
 */
export default function CountrySelect({
  value,
  onChange,
  onBlur,
  disabled,
  autoFocus = false,
}: CountryFieldProps & { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { lng } = useLanguage();
  const options = useMemo(() => countryOptions(lng), [lng]);
  const selected = options.find((o) => o.code === value) ?? options.find((o) => o.code === 'IR') ?? options[0]!;
  const label = (o: CountryOption) => `${o.name} (${ltr(formatDigits(`+${o.callingCode}`, lng))})`;

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_e, option) => onChange(option.code)}
      onBlur={onBlur}
      disabled={disabled}
      disableClearable
      autoHighlight
      openOnFocus={autoFocus}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(opts, state) => filterCountries(opts, state.inputValue)}
      noOptionsText={t('auth.mobile.countryNotFound')}
      openText={t('common.open')}
      closeText={t('common.close')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
            <Box component="span" sx={{ flexGrow: 1 }}>
              {option.name}
            </Box>
            <Box component="span" dir="ltr" sx={{ color: 'text.secondary' }}>
              {formatDigits(`+${option.callingCode}`, lng)}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t('auth.mobile.country')} autoFocus={autoFocus} />}
    />
  );
}
