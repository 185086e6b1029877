import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { OFFLINE_DEPOSIT_REVIEW_HOURS, type OfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { ltr } from './card-label';

/** The declaration is in: submitted and under review (up to 48 hours), what it says, and where to follow it. */
export function OfflineDepositDone({ deposit, onAnother }: { deposit: OfflineDeposit; onAnother: () => void }) {
  const { t } = useTranslation('deposit');
  const { t: tBank } = useTranslation('bank');
  const fmt = useFormat();
  const rows: [string, string][] = [
    [t('offline.done.amount'), fmt.money(deposit.amount, 'IRT')],
    [t('offline.done.fee'), fmt.money(deposit.fee, 'IRT')],
    [t('offline.done.credited'), fmt.money(deposit.credited, 'IRT')],
    [t('offline.done.destination'), tBank(`banks.${deposit.destination}`)],
    [t('offline.done.receiptNumber'), ltr(formatDigits(deposit.receiptNumber, fmt.lng))],
    [t('offline.done.depositDate'), fmt.date(`${deposit.depositDate}T12:00:00Z`, 'long')],
    [t('offline.done.deadline'), fmt.date(deposit.reviewDeadline, 'dateTime')],
  ];
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" role="status">
        <AlertTitle>{t('offline.done.title')}</AlertTitle>
        <Typography variant="body2">
          {t('offline.done.text', { hours: fmt.number(OFFLINE_DEPOSIT_REVIEW_HOURS) })}
        </Typography>
      </Alert>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.25 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.userRequests.getHref()} variant="contained">
          {t('offline.done.toRequests')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {t('offline.done.another')}
        </Button>
      </Box>
    </Stack>
  );
}
