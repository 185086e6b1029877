import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { UserRequestStatus } from '@portal/contract/core/enums';
import { explorerTxUrl, type TetherNetworkKey } from '@portal/contract/tether/chain';
import type { ChainRef } from '@portal/contract/wallet/wallets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';
import { tetherNetworksQueryOptions } from '@/lib/queries/tether-chain';

/*
 * How a movement on chain reads wherever it is shown (the wallet history, the requests list, the tether
 * deposit and withdrawal pages; issue 18): its network, its transaction's hash shortened and linked to the
 * network's explorer (`explorerTxUrl`), its confirmations «x of y» and its status. Texts: the `chain`
 * namespace (the routes that show these load it).
 */

/** A hash or an address in one short line: its head and its tail (`0x9f3c1a…4be21d`). */
export function shortChainText(text: string, keep = 6): string {
  return text.length <= keep * 2 + 3
    ? text
    : `${text.slice(0, keep + (text.startsWith('0x') ? 2 : 0))}…${text.slice(-keep)}`;
}

/** Whether a network is the embedded mode's sandbox chain (no explorer knows its hashes); undefined until known. */
export function useIsSandbox(network: TetherNetworkKey): boolean | undefined {
  const networks = useQuery({ ...tetherNetworksQueryOptions(), staleTime: 5 * 60_000 });
  return networks.data?.items.find((n) => n.network === network)?.sandbox;
}

/**
 * A transaction's hash, shortened, left to right: a link to the network's explorer (a new tab), or, on the
 * sandbox chain, the hash with a «sandbox» label instead (the explorers do not know it). While the networks
 * are not known yet, no link: a sandbox hash must never point at a real explorer.
 */
export function TxHash({
  network,
  hash,
  sandbox,
}: {
  network: TetherNetworkKey;
  hash: string;
  /** Given by a page that knows the network already; else read from the networks. */
  sandbox?: boolean;
}) {
  const { t } = useTranslation('chain');
  const known = useIsSandbox(network);
  const isSandbox = sandbox ?? known;
  const short = (
    <bdi dir="ltr" style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {shortChainText(hash)}
    </bdi>
  );
  if (isSandbox === false) {
    return (
      <Link
        href={explorerTxUrl(network, hash)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('details.viewOnExplorer', { hash: shortChainText(hash) })}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        {short}
        <OpenInNew sx={{ fontSize: '0.9rem' }} aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, maxWidth: '100%' }}
      title={hash}
    >
      {short}
      {isSandbox ? <Chip size="small" variant="outlined" label={t('details.sandbox')} /> : null}
    </Box>
  );
}

export const REQUEST_STATUS_COLOR: Record<(typeof UserRequestStatus)[number], ChipProps['color']> = {
  Pending: 'warning',
  InProgress: 'info',
  Successful: 'success',
  Failed: 'error',
  Canceled: 'default',
};

/** «3 of 20» confirmations (what is past the required count adds nothing to read). */
export function useConfirmationsText() {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  return (confirmations: number, required: number) =>
    t('details.confirmationsOf', {
      n: fmt.number(Math.min(Math.max(confirmations, 0), required)),
      of: fmt.number(required),
    });
}

/**
 * A movement's place on chain (`ChainRef` of the wallet history and the requests): the network, the hash
 * (or «not sent yet»), the confirmations and, unless the row shows it already, the status.
 */
export function ChainRefDetails({ chain, showStatus = true }: { chain: ChainRef; showStatus?: boolean }) {
  const { t } = useTranslation('chain');
  const confirmationsText = useConfirmationsText();
  const item = (label: string, value: ReactNode) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:
      </Typography>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
      {item(t('details.network'), t(`networks.${chain.network}`))}
      {item(
        t('details.txHash'),
        chain.txHash ? <TxHash network={chain.network} hash={chain.txHash} /> : t('details.txPending'),
      )}
      {/* A transfer not credited (ignored, dropped) or a withdrawal that ended without paying: nothing counts toward it. */}
      {chain.confirmations !== null && chain.status !== 'Failed' && chain.status !== 'Canceled'
        ? item(t('details.confirmations'), confirmationsText(chain.confirmations, chain.requiredConfirmations))
        : null}
      {showStatus ? (
        <Chip size="small" color={REQUEST_STATUS_COLOR[chain.status]} label={t(`userStatus.${chain.status}`)} />
      ) : null}
    </Box>
  );
}
