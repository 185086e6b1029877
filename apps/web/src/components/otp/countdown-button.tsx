import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { Countdown } from '@/hooks/use-countdown';
import { useFormat } from '@/hooks/use-format';

/**
 * A button that becomes usable when its countdown reaches zero (SPEC §4): until then it shows
 * the time left and a ring of the remaining share. While its request runs it shows a spinner
 * and ignores clicks.
 */
export function CountdownButton({
  countdown,
  label,
  loading = false,
  onClick,
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  countdown: Countdown;
  label: string;
  loading?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const waiting = countdown.isRunning && countdown.remaining > 0;

  return (
    <Button
      {...props}
      onClick={onClick}
      disabled={waiting || props.disabled}
      loading={loading}
      startIcon={
        waiting ? (
          <Box component="span" sx={{ display: 'inline-flex', position: 'relative' }} aria-hidden="true">
            <CircularProgress variant="determinate" value={countdown.percent} size={20} thickness={5} color="inherit" />
          </Box>
        ) : (
          props.startIcon
        )
      }
    >
      {waiting ? t('common.countdown.waitFor', { action: label, time: fmt.clock(countdown.remaining) }) : label}
    </Button>
  );
}
