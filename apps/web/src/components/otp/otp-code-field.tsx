import { OTP } from '@portal/contract/core/constants';

const OTP_LENGTH = OTP.length;
import { DigitTextField, onlyDigits, type DigitTextFieldProps } from '../digit-text-field';

/**
 * The one-time code input (SPEC §2): numeric keypad, the browser's one-time-code autofill,
 * Persian and Arabic-Indic digits accepted and turned into Latin digits, anything else dropped.
 */
export function OtpCodeField(props: Omit<DigitTextFieldProps, 'sanitize'>) {
  return (
    <DigitTextField
      autoComplete="one-time-code"
      {...props}
      sanitize={onlyDigits(OTP_LENGTH)}
      inputProps={{
        inputMode: 'numeric',
        pattern: '[0-9]*',
        maxLength: OTP_LENGTH,
        dir: 'ltr',
        style: { textAlign: 'center', letterSpacing: '0.5em', fontSize: '1.35rem', fontWeight: 600 },
        ...props.inputProps,
      }}
    />
  );
}
