import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import type { TetherNetworkView } from '@portal/contract/tether/chain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { SectionLoading } from '@/components/layouts/page-shell';
import { QrCode } from '@/components/qr-code';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { depositAddressesQueryOptions } from '@/lib/queries/tether-chain';
import { useCreateDepositAddress } from '../api/deposit-addresses';
import { KycGate } from './kyc-gate';

/** How long «copied» stays on the button. */
const COPIED_MS = 3000;

/**
 * The deposit address of the chosen network (SPEC §2 "Tether deposit: choose network, create address,
 * warnings about network and sending only tether"): created on request, then shown with its QR code and a
 * copy button, above the warnings. Below KYC level one it explains and links to verification instead; a
 * network closed for deposits says why.
 */
export function DepositAddressPanel({
  view,
  kycLevel,
}: {
  view: TetherNetworkView;
  /** Undefined while the account loads. */
  kycLevel: number | undefined;
}) {
  const { t } = useTranslation('chain');
  const errorMessage = useErrorMessage();
  const addresses = useQuery(depositAddressesQueryOptions());
  const create = useCreateDepositAddress();
  const networkName = t(`networks.${view.network}`);

  if (kycLevel === undefined) return <SectionLoading />;
  if (kycLevel < KYC_REQUIREMENT.invest) return <KycGate action="deposit" level={KYC_REQUIREMENT.invest} />;
  if (!view.depositEnabled) {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle>{t('deposit.closed.title', { network: networkName })}</AlertTitle>
        {t('deposit.closed.text', { reason: t(`disabledReasons.${view.depositDisabledReason ?? 'other'}`) })}
      </Alert>
    );
  }
  if (addresses.isPending) return <SectionLoading />;
  if (addresses.isError) {
    return (
      <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} isRetrying={addresses.isFetching} />
    );
  }
  const address = addresses.data.items.find((a) => a.network === view.network);

  return (
    <Stack spacing={2.5}>
      {address ? (
        <AddressCard address={address.address} networkName={networkName} />
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('deposit.address.none', { network: networkName })}</Typography>
          {create.error ? <FormError message={errorMessage(create.error)} /> : null}
          <Button
            variant="contained"
            size="large"
            loading={create.isPending}
            onClick={() => create.mutate(view.network)}
          >
            {t('deposit.address.create', { network: view.network })}
          </Button>
        </Stack>
      )}
      <DepositWarnings view={view} />
    </Stack>
  );
}

/** The address, its QR code and the copy button with its feedback. */
function AddressCard({ address, networkName }: { address: string; networkName: string }) {
  const { t } = useTranslation('chain');
  const copy = useCopyToClipboard();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  useEffect(() => {
    if (copied !== 'ok') return;
    const id = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(id);
  }, [copied]);
  const label = t('deposit.address.label', { network: networkName });
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'center', sm: 'flex-start' },
        gap: 2.5,
      }}
    >
      <QrCode text={address} label={t('deposit.address.qr', { network: networkName })} size={176} />
      <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1, width: '100%' }}>
        <Typography variant="body2" color="text.secondary" id="deposit-address-label">
          {label}
        </Typography>
        <Box
          component="output"
          aria-labelledby="deposit-address-label"
          dir="ltr"
          sx={{
            display: 'block',
            fontFamily: 'monospace',
            fontSize: { xs: '0.95rem', sm: '1.05rem' },
            fontWeight: 600,
            wordBreak: 'break-all',
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          {address}
        </Box>
        <Button
          variant="outlined"
          startIcon={copied === 'ok' ? <Check /> : <ContentCopy />}
          onClick={() => void copy(address).then((ok) => setCopied(ok ? 'ok' : 'failed'))}
          sx={{ alignSelf: 'flex-start' }}
        >
          {copied === 'ok' ? t('deposit.address.copied') : t('deposit.address.copy')}
        </Button>
        <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'success.main'}>
          {copied === 'ok'
            ? t('deposit.address.copiedText')
            : copied === 'failed'
              ? t('deposit.address.copyFailed')
              : ''}
        </Typography>
      </Stack>
    </Box>
  );
}

/** SPEC §2's warnings: only tether, only this network, the minimum, the confirmations; the rest is lost. */
function DepositWarnings({ view }: { view: TetherNetworkView }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const network = t(`networks.${view.network}`);
  const lines = [
    t('deposit.warnings.onlyTether'),
    t('deposit.warnings.onlyNetwork', { network }),
    t('deposit.warnings.minimum', { min: fmt.money(view.minDeposit, 'USDT') }),
    t('deposit.warnings.confirmations', { n: fmt.number(view.confirmations) }),
    t('deposit.warnings.notCredited'),
  ];
  return (
    <Alert severity="warning" role="note" aria-labelledby="deposit-warnings-title">
      <AlertTitle id="deposit-warnings-title">{t('deposit.warnings.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, ps: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
}
