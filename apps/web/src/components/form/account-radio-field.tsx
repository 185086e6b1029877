import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * One of the user's bank accounts, chosen in a react-hook-form field (the withdrawal's destination, the
 * gateway's card, the sheba of a payment ID): a fieldset of radios, each the bank's name over the account's
 * number. The form's zod schema checks the choice (`select`); the error shows once a choice was made or the
 * form submitted, else `hint` (if any).
 */
export function AccountRadioField<A extends { id: string }, T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  legend,
  accounts,
  title,
  detail,
  hint,
  message,
  disabled,
  onChange,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  legend: string;
  accounts: readonly A[];
  title: (account: A) => ReactNode;
  detail: (account: A) => ReactNode;
  hint?: ReactNode;
  message: (rule: string | undefined) => string;
  disabled?: boolean;
  /** Called after a choice (a form may drop an earlier answer of the server). */
  onChange?: () => void;
}) {
  return (
    <Controller<T, Path<T>, O>
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
        return (
          <FormControl component="fieldset" error={show} disabled={disabled}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {legend}
            </FormLabel>
            <RadioGroup
              name={field.name}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                field.onBlur();
                onChange?.();
              }}
            >
              {accounts.map((a, i) => (
                <FormControlLabel
                  key={a.id}
                  value={a.id}
                  control={<Radio inputRef={i === 0 ? field.ref : undefined} />}
                  label={
                    <Box sx={{ py: 0.5 }}>
                      <Typography>{title(a)}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {detail(a)}
                      </Typography>
                    </Box>
                  }
                  sx={{ mx: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
                />
              ))}
            </RadioGroup>
            {show || hint ? (
              <FormHelperText sx={{ mx: 0 }}>{show ? message(fieldState.error?.message) : hint}</FormHelperText>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
}
