import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminTetherDeposit } from '@portal/contract/admin/chain';
import { CHAIN_DEPOSIT_STATUSES } from '@portal/contract/tether/chain';
import { pageParam } from '@/lib/page-window';
import { PagedList, When } from '../shell/console-page';
import { withPage } from '../shell/url';
import { UserCell } from '../shell/user-cell';
import { chainDepositsQueryOptions, chainDeskQueryOptions, type DepositFilters } from './api';
import { ChainFrame, FilterSelect, NETWORK_FILTERS, NetworkFilter, oneOf } from './chain-frame';
import { ChainDepositStatusChip, shortHash, TxHash, useChainFormat, useNetworkName } from './chain-labels';

const STATUSES = ['all', ...CHAIN_DEPOSIT_STATUSES] as const;

/** Why an ignored transfer was not credited: under the network's minimum, or another token (its contract). */
function IgnoredReason({ d }: { d: AdminTetherDeposit }) {
  const { t } = useTranslation('admin');
  if (d.status !== 'Ignored') return null;
  return (
    <Alert severity="warning" icon={false} sx={{ py: 0, px: 1 }} data-testid="chain-deposit-ignored">
      {d.ignoreReason ? t(`chain.deposits.ignoreReasons.${d.ignoreReason}`) : t('chain.deposits.ignored')}
      {d.otherToken ? (
        <>
          {' '}
          <Box component="bdi" dir="ltr" title={d.otherToken} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
            {shortHash(d.otherToken)}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

/** The amount: tether, or the other token's raw amount (not tether: no currency name). */
function Amount({ d }: { d: AdminTetherDeposit }) {
  const cf = useChainFormat();
  const { t } = useTranslation('admin');
  return (
    <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      {d.otherToken ? t('chain.deposits.otherTokenAmount', { amount: cf.decimal(d.amount) }) : cf.usdt(d.amount)}
    </Box>
  );
}

/**
 * Transfers the watcher saw to users' deposit addresses (`/admin/chain/deposits?status=&network=&page=`),
 * newest first: the user, network, amount, hash, confirmations `x of y`, status. Ignored ones (under the
 * minimum, another token) stand out with their reason: they reached the portal's address and were not
 * credited. A table on a desktop, cards on a phone.
 */
export default function ChainDepositsPage() {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const networkName = useNetworkName();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filters: DepositFilters = {
    status: oneOf(STATUSES, params.get('status'), 'all'),
    network: oneOf(NETWORK_FILTERS, params.get('network'), 'all'),
  };
  const page = pageParam(params.get('page'));
  const list = useQuery(chainDepositsQueryOptions(filters, page));
  const sandbox = useQuery(chainDeskQueryOptions()).data?.sandbox ?? true;
  const title = t('chain.sections.deposits');
  const setFilter = (next: Partial<DepositFilters>) => {
    const f = { ...filters, ...next };
    setParams({
      ...(f.status === 'all' ? {} : { status: f.status }),
      ...(f.network === 'all' ? {} : { network: f.network }),
    });
  };
  const ignoredRow = { bgcolor: alpha(theme.palette.warning.main, 0.08) };
  const confirmations = (d: AdminTetherDeposit) =>
    d.status === 'Confirming' || d.status === 'Credited'
      ? cf.confirmations(d.confirmations, d.requiredConfirmations)
      : '—';

  const table = (items: AdminTetherDeposit[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title} data-testid="chain-deposits">
        <TableHead>
          <TableRow>
            <TableCell>{t('chain.columns.user')}</TableCell>
            <TableCell>{t('chain.columns.network')}</TableCell>
            <TableCell>{t('chain.columns.amount')}</TableCell>
            <TableCell>{t('chain.columns.txHash')}</TableCell>
            <TableCell>{t('chain.columns.confirmations')}</TableCell>
            <TableCell>{t('chain.columns.status')}</TableCell>
            <TableCell>{t('chain.columns.seenAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((d) => (
            <TableRow
              key={d.id}
              hover
              data-testid="chain-deposit-row"
              data-ignored={d.status === 'Ignored' ? 'true' : undefined}
              sx={d.status === 'Ignored' ? ignoredRow : undefined}
            >
              <TableCell>
                <UserCell user={d.user} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{networkName(d.network)}</TableCell>
              <TableCell>
                <Amount d={d} />
              </TableCell>
              <TableCell>
                <TxHash network={d.network} hash={d.txHash} sandbox={sandbox} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{confirmations(d)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <ChainDepositStatusChip status={d.status} />
                  <IgnoredReason d={d} />
                </Box>
              </TableCell>
              <TableCell>
                <When at={d.createdAt} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: AdminTetherDeposit[]) => (
    <List
      disablePadding
      aria-label={title}
      data-testid="chain-deposits"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {items.map((d) => (
        <Paper
          key={d.id}
          component={ListItem}
          variant="outlined"
          data-testid="chain-deposit-row"
          data-ignored={d.status === 'Ignored' ? 'true' : undefined}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
            gap: 0.75,
            py: 1.25,
            ...(d.status === 'Ignored' ? { ...ignoredRow, borderColor: 'warning.main' } : {}),
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <UserCell user={d.user} />
            <ChainDepositStatusChip status={d.status} />
          </Box>
          <IgnoredReason d={d} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Amount d={d} />
            <Typography variant="body2" color="text.secondary">
              {networkName(d.network)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TxHash network={d.network} hash={d.txHash} sandbox={sandbox} />
            <Typography variant="body2" color="text.secondary">
              {confirmations(d)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {cf.relative(d.createdAt)} – {cf.date(d.createdAt, 'dateTime')}
          </Typography>
        </Paper>
      ))}
    </List>
  );

  return (
    <ChainFrame section="deposits">
      <Typography color="text.secondary">{t('chain.deposits.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          id="chain-deposits-status"
          label={t('chain.filters.status')}
          value={filters.status}
          options={STATUSES.map((s) => ({
            value: s,
            label: s === 'all' ? t('chain.filters.allStatuses') : t(`chain.deposits.statuses.${s}`),
          }))}
          onChange={(status) => setFilter({ status })}
        />
        <NetworkFilter
          id="chain-deposits-network"
          value={filters.network}
          onChange={(network) => setFilter({ network })}
        />
      </Box>
      <PagedList
        list={list}
        page={page}
        onPage={(p) => setParams(withPage(params, p))}
        empty={t('chain.deposits.empty')}
      >
        {(items) => (isDesktop ? table(items) : cards(items))}
      </PagedList>
    </ChainFrame>
  );
}
