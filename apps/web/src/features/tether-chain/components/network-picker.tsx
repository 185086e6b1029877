import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { TetherNetworkKey, TetherNetworkView } from '@portal/contract/tether/chain';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The network to deposit on or withdraw to (TRC20, ERC20, BEP20): a radio card each, with a line about it
 * (`detail`); a network the operators closed for this direction is shown disabled with their reason,
 * translated.
 */
export function NetworkPicker({
  name,
  legend,
  networks,
  direction,
  value,
  onChange,
  onBlur,
  detail,
  error,
  inputRef,
}: {
  name: string;
  legend: string;
  networks: readonly TetherNetworkView[];
  direction: 'deposit' | 'withdrawal';
  value: TetherNetworkKey | '';
  onChange: (network: TetherNetworkKey) => void;
  onBlur?: () => void;
  /** A line under an open network's name (its fee, its confirmations…). */
  detail: (network: TetherNetworkView) => ReactNode;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('chain');
  const legendId = useId();
  const helperId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ m: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1, fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <Box
        role="radiogroup"
        aria-labelledby={legendId}
        aria-describedby={error ? helperId : undefined}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {networks.map((n, i) => {
          const open = direction === 'deposit' ? n.depositEnabled : n.withdrawalEnabled;
          const reason = direction === 'deposit' ? n.depositDisabledReason : n.withdrawalDisabledReason;
          const checked = value === n.network;
          const id = `${name}-${n.network}`;
          return (
            <Box
              key={n.network}
              component="label"
              htmlFor={id}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
                p: 1,
                border: checked ? 2 : 1,
                borderColor: checked ? 'primary.main' : 'divider',
                borderRadius: 1,
                cursor: open ? 'pointer' : 'not-allowed',
                opacity: open ? 1 : 0.7,
              }}
            >
              <Radio
                id={id}
                name={name}
                value={n.network}
                checked={checked}
                disabled={!open}
                onChange={() => onChange(n.network)}
                onBlur={onBlur}
                inputRef={i === 0 ? inputRef : undefined}
                slotProps={{ input: { 'aria-describedby': `${id}-detail` } }}
                sx={{ p: 0.5 }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{t(`networks.${n.network}`)}</Typography>
                <Typography id={`${id}-detail`} variant="body2" color={open ? 'text.secondary' : 'warning.main'}>
                  {open
                    ? detail(n)
                    : t(`networkPicker.closed.${direction}`, { reason: t(`disabledReasons.${reason ?? 'other'}`) })}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
