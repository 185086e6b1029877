import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * A short exclusive choice (toman or rial, the amount paid or received) as a labelled row of toggle buttons:
 * one tap on a phone, the chosen one marked (`aria-pressed`).
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (next: T) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, minWidth: 0 }}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        disabled={disabled}
        aria-labelledby={labelId}
        onChange={(_e, next: T | null) => {
          if (next !== null && next !== value) onChange(next);
        }}
      >
        {options.map((o) => (
          <ToggleButton key={o.value} value={o.value} sx={{ px: 2 }}>
            {o.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
