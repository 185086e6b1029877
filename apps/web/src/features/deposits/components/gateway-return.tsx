import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Deposit } from '@portal/contract/wallet/deposits';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatDigits } from '@/lib/format';
import { useVerifyGatewayDeposit, type GatewayReturn as Return } from '../api/verify-gateway-deposit';

/**
 * The payer is back from the gateway (`/wallet/deposit?depositId=…&Authority=…&Status=OK|NOK`): the
 * server verifies the payment and answers SPEC §3's wallet increase status, success (with what reached
 * the wallet), failed, or waiting (asked again until it ends). A reload asks again and gets the same
 * answer: the server credits a deposit once.
 */
export function GatewayReturn({ value, walletId }: { value: Return; walletId?: string }) {
  const { t } = useTranslation('deposit');
  const verification = useVerifyGatewayDeposit(value);

  if (verification.isPending)
    return (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-hidden="true" />
        <Typography>{t('return.checking')}</Typography>
      </Stack>
    );
  if (verification.isError)
    return (
      <Stack spacing={2}>
        <ErrorState
          error={verification.error}
          onRetry={() => void verification.refetch()}
          isRetrying={verification.isFetching}
        />
        <Actions walletId={walletId} />
      </Stack>
    );
  return (
    <Outcome deposit={verification.data} walletId={walletId}>
      {verification.data.outcome === 'waiting' ? (
        <Button variant="outlined" onClick={() => void verification.refetch()} loading={verification.isFetching}>
          {t('return.checkAgain')}
        </Button>
      ) : null}
    </Outcome>
  );
}

function Outcome({ deposit, walletId, children }: { deposit: Deposit; walletId?: string; children?: ReactNode }) {
  const { t } = useTranslation('deposit');
  const fmt = useFormat();
  const { outcome } = deposit;
  const Icon = outcome === 'success' ? CheckCircleOutline : outcome === 'failed' ? HighlightOff : HourglassTop;
  const color = outcome === 'success' ? 'success.main' : outcome === 'failed' ? 'error.main' : 'warning.main';
  const rows: [string, string][] = [
    [t('return.amount'), fmt.money(deposit.amount, 'IRT')],
    ...(outcome === 'success'
      ? ([[t('return.credited'), fmt.money(deposit.credited, 'IRT')]] as [string, string][])
      : []),
    ...(deposit.referenceId
      ? ([[t('return.reference'), formatDigits(deposit.referenceId, fmt.lng)]] as [string, string][])
      : []),
    [t('return.date'), fmt.date(deposit.createdAt, 'dateTime')],
  ];
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Icon aria-hidden="true" sx={{ fontSize: 56, color }} />
      <Box role="status">
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
          {t(`return.${outcome}.title`)}
        </Typography>
        <Typography color="text.secondary">
          {t(`return.${outcome}.text`, { credited: fmt.money(deposit.credited, 'IRT') })}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          width: '100%',
          maxWidth: 420,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          gap: 1.5,
          textAlign: 'start',
        }}
      >
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
      {children}
      <Actions walletId={walletId} outcome={outcome} />
    </Stack>
  );
}

function Actions({ walletId, outcome }: { walletId?: string; outcome?: Deposit['outcome'] }) {
  const { t } = useTranslation('deposit');
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
      <Button
        component={RouterLink}
        to={paths.wallet.getHref(walletId ? { walletId } : undefined)}
        variant={outcome === 'success' ? 'contained' : 'outlined'}
      >
        {t('return.toWallet')}
      </Button>
      <Button
        component={RouterLink}
        to={paths.walletDeposit.getHref({ walletId, type: 'gateway' })}
        variant={outcome === 'failed' ? 'contained' : 'outlined'}
      >
        {t(outcome === 'failed' ? 'return.tryAgain' : 'return.another')}
      </Button>
    </Box>
  );
}
