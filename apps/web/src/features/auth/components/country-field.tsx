import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { TextInput } from '@/components/form/text-input';
import { formatDigits } from '@/lib/format';
import { DEFAULT_CALLING_CODE, DEFAULT_COUNTRY, loadCountries } from '../phone';

const loadSelect = () => Promise.all([import('./country-select'), loadCountries()]).then(([m]) => m);
const CountrySelect = lazy(loadSelect);

export interface CountryFieldProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/**
 * The country-code picker. Until the user reaches for it, a plain field shows the current
 * country (Iran, +98, for most users); the searchable picker and the list of countries load on
 * the first hover, focus or touch and take the field's place.
 */
export function CountryField(props: CountryFieldProps) {
  const { t } = useTranslation();
  const { lng } = useLanguage();
  const [state, setState] = useState<'static' | 'loading' | 'ready'>('static');
  const [focusOnReady, setFocusOnReady] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const activate = () => {
    if (state !== 'static') return;
    setState('loading');
    void loadSelect().then(
      () => {
        setFocusOnReady(document.activeElement === input.current);
        setState('ready');
      },
      () => setState('static'),
    );
  };

  const name = (() => {
    try {
      return new Intl.DisplayNames([lng], { type: 'region' }).of(props.value) ?? props.value;
    } catch {
      return props.value;
    }
  })();
  const calling =
    props.value === DEFAULT_COUNTRY ? ` (\u2066${formatDigits(`+${DEFAULT_CALLING_CODE}`, lng)}\u2069)` : '';

  const placeholder = (
    <TextInput
      label={t('auth.mobile.country')}
      value={`${name}${calling}`}
      readOnly
      disabled={props.disabled}
      inputRef={input}
      onFocus={activate}
      onPointerEnter={activate}
      onPointerDown={activate}
      inputProps={{ role: 'combobox', 'aria-haspopup': 'listbox', 'aria-expanded': false }}
      endAdornment={<ArrowDropDown aria-hidden="true" sx={{ color: 'action.active' }} />}
    />
  );

  if (state !== 'ready') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CountrySelect {...props} autoFocus={focusOnReady} />
    </Suspense>
  );
}
