import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FundFees } from '@portal/contract/funds/catalogue';
import { useOrderFormat } from '../use-order-format';

/**
 * The penalty notice (SPEC §2, §4): units sold early pay the early-exit fee, by each lot's age: 3 % in its
 * first month, falling to nothing from the sixth (decision 022), as the fund's schedule says.
 */
export function EarlyExitNotice({ schedule }: { schedule: FundFees['earlyExit'] }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const free = schedule.find((s) => s.bps === 0)?.monthsHeld;
  const held = (i: number) => {
    const from = schedule[i]!.monthsHeld;
    const to = schedule[i + 1]?.monthsHeld;
    if (to === undefined) return t('earlyExit.heldFrom', { from: fmt.number(from) });
    return t('earlyExit.heldBetween', { from: fmt.number(from), to: fmt.number(to) });
  };
  return (
    <Alert severity="warning" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('earlyExit.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {free === undefined ? t('earlyExit.text') : t('earlyExit.textFree', { months: fmt.number(free) })}
      </Typography>
      <Box
        component="table"
        aria-label={t('earlyExit.tableLabel')}
        sx={{
          width: '100%',
          maxWidth: 360,
          borderCollapse: 'collapse',
          '& td, & th': { py: 0.5, px: 0, typography: 'body2' },
        }}
      >
        <thead>
          <tr>
            <Box component="th" sx={{ textAlign: 'start', color: 'text.secondary', fontWeight: 400 }}>
              {t('earlyExit.held')}
            </Box>
            <Box component="th" sx={{ textAlign: 'end', color: 'text.secondary', fontWeight: 400 }}>
              {t('earlyExit.fee')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {schedule.map((step, i) => (
            <tr key={step.monthsHeld}>
              <td>{held(i)}</td>
              <Box component="td" sx={{ textAlign: 'end', fontWeight: 600 }}>
                {step.bps === 0 ? t('earlyExit.none') : fmt.rate(step.bps)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Alert>
  );
}
