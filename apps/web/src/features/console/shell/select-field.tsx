import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * A required choice of a console form (a reject reason, a role): a select whose error (`select`) shows
 * once it is touched or the form submitted, and `hint` until then.
 */
export function SelectField<T extends FieldValues, O extends FieldValues = T>({
  name,
  control,
  id,
  label,
  hint,
  disabled,
  options,
}: {
  name: Path<T>;
  control: Control<T, unknown, O>;
  id: string;
  label: string;
  hint: string;
  disabled: boolean;
  options: readonly { value: string; label: string; disabled?: boolean }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <Controller<T, Path<T>, O>
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        return (
          <TextField
            {...field}
            select
            id={id}
            label={label}
            required
            disabled={disabled}
            error={show}
            helperText={show ? t('translation:validation.select') : hint}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
