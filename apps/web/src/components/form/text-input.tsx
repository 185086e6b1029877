import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type PointerEventHandler,
  type ReactNode,
  type Ref,
} from 'react';

export interface TextInputProps {
  label: string;
  id?: string;
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onPointerEnter?: PointerEventHandler<HTMLDivElement>;
  onPointerDown?: PointerEventHandler<HTMLDivElement>;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  /** Shown under the field; the error message when `error`. */
  helperText?: ReactNode;
  placeholder?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  endAdornment?: ReactNode;
  /** Attributes of the `<input>` itself (dir, inputMode, maxLength…). */
  inputProps?: InputBaseComponentProps;
}

/**
 * An outlined text field with its label and helper text wired for assistive technology. MUI's
 * `TextField` does the same but also carries its `select` mode (Select, Menu, Popover, Modal);
 * this one does not, which keeps the auth page's first load small.
 */
export function TextInput({
  label,
  id,
  helperText,
  error,
  fullWidth = true,
  disabled,
  onPointerEnter,
  onPointerDown,
  inputProps,
  ...input
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      error={error}
      disabled={disabled}
      onPointerEnter={onPointerEnter}
      onPointerDown={onPointerDown}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        inputProps={{
          ...inputProps,
          'aria-describedby': [inputProps?.['aria-describedby'], helperId].filter(Boolean).join(' ') || undefined,
        }}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
