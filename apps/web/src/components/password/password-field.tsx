import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '../form/text-input';

/**
 * A password input with a show/hide button. Passwords are typed left to right whatever the
 * page's direction (they are Latin letters, digits and symbols).
 */
export function PasswordField({
  autoComplete = 'current-password',
  inputProps,
  ...props
}: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      inputProps={{ dir: 'ltr', maxLength: 128, spellCheck: false, autoCapitalize: 'off', ...inputProps }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('password.hide') : t('password.show')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
            disabled={props.disabled}
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
