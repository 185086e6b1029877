import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormat } from '@/hooks/use-format';

/** How much of a file has been sent: a bar and its percentage, in the interface's digits. */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  const { percent } = useFormat();
  const id = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={id} variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {percent(Math.floor(value * 100) / 100)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.round(value * 100)}
        aria-labelledby={id}
        aria-valuetext={percent(Math.floor(value * 100) / 100)}
      />
    </Box>
  );
}
