import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ChainNetworkAdmin } from '@portal/contract/admin/chain';
import { paths } from '@/config/paths';
import { Detail, Details, Panel } from '../shell/console-page';
import { useCan } from '../shell/operator';
import { Address, useChainFormat, useNetworkName } from './chain-labels';
import { NetworkSwitchButton } from './network-switch';

const subheading = { fontSize: '0.95rem', fontWeight: 700, mt: 1 } as const;

/** One direction of a network: open, or closed and why; the switch for a role that manages tether. */
function DirectionLine({ n, direction }: { n: ChainNetworkAdmin; direction: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const enabled = direction === 'deposit' ? n.depositEnabled : n.withdrawalEnabled;
  const reason = direction === 'deposit' ? n.depositDisabledReason : n.withdrawalDisabledReason;
  return (
    <Detail label={t(`chain.switch.directions.${direction}`)}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', flexGrow: 1 }}
        data-testid={`chain-${n.network}-${direction}`}
      >
        <Chip
          size="small"
          variant={enabled ? 'outlined' : 'filled'}
          color={enabled ? 'success' : 'error'}
          label={t(enabled ? 'chain.switch.open' : 'chain.switch.closed')}
        />
        {!enabled && reason ? (
          <Typography component="span" variant="body2">
            {t('chain.switch.reasonOf', { reason: t(`chain.disabledReasons.${reason}`) })}
          </Typography>
        ) : null}
        {can('tether.manage') ? (
          <Box sx={{ marginInlineStart: 'auto' }}>
            <NetworkSwitchButton key={String(enabled)} network={n.network} direction={direction} enabled={enabled} />
          </Box>
        ) : null}
      </Box>
    </Detail>
  );
}

/** The watcher of a network: last block scanned, the chain's head, the lag, when it last scanned, its last error. */
function Watcher({ n }: { n: ChainNetworkAdmin }) {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const w = n.watcher;
  // Behind by more than the confirmations a deposit waits for: deposits are late by the watcher, not the chain.
  const behind = w.lagBlocks !== null && w.lagBlocks > n.confirmations;
  return (
    <>
      <Typography component="h3" sx={subheading}>
        {t('chain.watcher.title')}
      </Typography>
      {w.lastError ? (
        <Alert severity="error" data-testid={`chain-${n.network}-watcher-error`}>
          <AlertTitle>
            {t('chain.watcher.lastError')}
            {w.lastErrorAt ? ` – ${cf.relative(w.lastErrorAt)}` : ''}
          </AlertTitle>
          <Box
            component="bdi"
            dir="ltr"
            sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.85rem' }}
          >
            {w.lastError}
          </Box>
        </Alert>
      ) : null}
      <Details>
        <Detail label={t('chain.watcher.lastScanned')}>
          <span data-testid={`chain-${n.network}-last-block`}>
            {w.lastScannedBlock === null ? t('chain.watcher.notYet') : cf.block(w.lastScannedBlock)}
          </span>
        </Detail>
        <Detail label={t('chain.watcher.head')}>{w.head === null ? '—' : cf.block(w.head)}</Detail>
        <Detail label={t('chain.watcher.lag')}>
          {w.lagBlocks === null ? (
            '—'
          ) : (
            <Chip
              size="small"
              variant={behind ? 'filled' : 'outlined'}
              color={behind ? 'warning' : 'success'}
              label={t('chain.watcher.blocks', { formatted: cf.number(w.lagBlocks) })}
              data-testid={`chain-${n.network}-lag`}
            />
          )}
        </Detail>
        <Detail label={t('chain.watcher.lastScanAt')}>
          {w.lastScanAt ? (
            <span title={cf.date(w.lastScanAt, 'dateTime')} data-testid={`chain-${n.network}-last-scan`}>
              {cf.relative(w.lastScanAt)}
            </span>
          ) : (
            t('chain.watcher.never')
          )}
        </Detail>
      </Details>
    </>
  );
}

/**
 * A network as operators run it: its directions open or closed (and the switches), its settings in force,
 * the watcher's health, and how many deposits are confirming and withdrawals wait for an operator.
 */
export function NetworkCard({ n, sandbox }: { n: ChainNetworkAdmin; sandbox: boolean }) {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const networkName = useNetworkName();
  return (
    <Panel
      id={`chain-network-${n.network}`}
      title={networkName(n.network)}
      action={sandbox ? <Chip size="small" color="warning" label={t('chain.sandboxChip')} /> : null}
    >
      <Details>
        <DirectionLine n={n} direction="deposit" />
        <DirectionLine n={n} direction="withdrawal" />
      </Details>
      <Typography component="h3" sx={subheading}>
        {t('chain.network.settings')}
      </Typography>
      <Details>
        <Detail label={t('chain.settings.fields.confirmations')}>
          <span data-testid={`chain-${n.network}-confirmations`}>
            {t('chain.watcher.blocks', { formatted: cf.number(n.confirmations) })}
          </span>
        </Detail>
        <Detail label={t('chain.settings.fields.minDeposit')}>{cf.usdt(n.minDeposit)}</Detail>
        <Detail label={t('chain.settings.fields.withdrawalFee')}>{cf.usdt(n.withdrawalFee)}</Detail>
        <Detail label={t('chain.settings.fields.minWithdrawal')}>{cf.usdt(n.minWithdrawal)}</Detail>
        <Detail label={t('chain.settings.fields.maxWithdrawal')}>{cf.usdt(n.maxWithdrawal)}</Detail>
        <Detail label={t('chain.network.contract')}>
          <Address value={n.tetherContract} />
        </Detail>
      </Details>
      <Watcher n={n} />
      <Typography component="h3" sx={subheading}>
        {t('chain.network.queues')}
      </Typography>
      <Details>
        <Detail label={t('chain.network.confirmingDeposits')}>
          <Link
            component={RouterLink}
            to={paths.adminChainDeposits.getHref({ status: 'Confirming', network: n.network })}
            data-testid={`chain-${n.network}-confirming`}
          >
            {cf.number(n.confirmingDeposits)}
          </Link>
        </Detail>
        <Detail label={t('chain.network.pendingWithdrawals')}>
          <Link
            component={RouterLink}
            to={paths.adminChainWithdrawals.getHref({ network: n.network })}
            data-testid={`chain-${n.network}-pending`}
            sx={{ fontWeight: n.pendingWithdrawals > 0 ? 700 : undefined }}
          >
            {cf.number(n.pendingWithdrawals)}
          </Link>
        </Detail>
      </Details>
    </Panel>
  );
}
