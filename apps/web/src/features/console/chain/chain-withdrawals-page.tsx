import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminTetherWithdrawal } from '@portal/contract/admin/chain';
import { TETHER_WITHDRAWAL_STATUSES } from '@portal/contract/tether/chain';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { displayMobile } from '@/lib/format';
import { pageParam } from '@/lib/page-window';
import { PagedList, When } from '../shell/console-page';
import { ApprovalsChip } from '../shell/four-eyes/review-approvals';
import { personName } from '../shell/schemas';
import { withPage } from '../shell/url';
import { chainWithdrawalsQueryOptions, type WithdrawalFilters } from './api';
import { ChainFrame, FilterSelect, NETWORK_FILTERS, NetworkFilter, oneOf } from './chain-frame';
import { AddressSavedChip, ChainWithdrawalStateChip, shortHash, useChainFormat, useNetworkName } from './chain-labels';

const STATES = [...TETHER_WITHDRAWAL_STATUSES, 'all'] as const;

/** Where it goes: the address (shortened in a list), its label in the user's book and whether it was saved. */
function Destination({ w }: { w: AdminTetherWithdrawal }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}>
      <Box
        component="bdi"
        dir="ltr"
        title={w.address}
        sx={{ fontFamily: 'monospace', fontSize: '0.85rem', whiteSpace: 'nowrap' }}
      >
        {shortHash(w.address)}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {w.addressLabel ? (
          <Typography component="span" variant="body2" dir="auto">
            {w.addressLabel}
          </Typography>
        ) : null}
        <AddressSavedChip w={w} />
      </Box>
    </Box>
  );
}

/**
 * The tether withdrawal queue (`/admin/chain/withdrawals?state=&network=&page=`): pending ones first and
 * oldest first (the queue); another state or every one, newest first; one network or all. A table on a
 * desktop, cards on a phone, each opening the withdrawal.
 */
export default function ChainWithdrawalsPage() {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const networkName = useNetworkName();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filters: WithdrawalFilters = {
    state: oneOf(STATES, params.get('state'), 'Pending'),
    network: oneOf(NETWORK_FILTERS, params.get('network'), 'all'),
  };
  const page = pageParam(params.get('page'));
  const list = useQuery(chainWithdrawalsQueryOptions(filters, page));
  const title = t('chain.sections.withdrawals');
  const setFilter = (next: Partial<WithdrawalFilters>) => {
    const f = { ...filters, ...next };
    setParams({
      ...(f.state === 'Pending' ? {} : { state: f.state }),
      ...(f.network === 'all' ? {} : { network: f.network }),
    });
  };
  const nameOf = (w: AdminTetherWithdrawal) => personName(w.user.firstName, w.user.lastName) ?? t('users.noName');
  const hrefOf = (w: AdminTetherWithdrawal) => paths.adminChainWithdrawal.getHref(w.id);
  const openLabel = (w: AdminTetherWithdrawal) => (w.state === 'Pending' ? t('money.review') : t('money.view'));

  const table = (items: AdminTetherWithdrawal[]) => (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title} data-testid="chain-withdrawals">
        <TableHead>
          <TableRow>
            <TableCell>{t('chain.columns.user')}</TableCell>
            <TableCell>{t('chain.columns.network')}</TableCell>
            <TableCell>{t('chain.columns.amount')}</TableCell>
            <TableCell>{t('chain.columns.destination')}</TableCell>
            <TableCell>{t('chain.columns.state')}</TableCell>
            <TableCell>{t('chain.columns.requestedAt')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('chain.columns.open')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((w) => (
            <TableRow key={w.id} hover data-testid="chain-withdrawal-row">
              <TableCell>
                <Typography sx={{ fontWeight: 600 }} dir="auto">
                  {nameOf(w)}
                </Typography>
                <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                  {displayMobile(w.user.mobile, cf.lng)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{networkName(w.network)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {cf.usdt(w.amount)}
                  </Box>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {t('chain.withdrawal.feeOf', { fee: cf.usdt(w.fee) })}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell>
                <Destination w={w} />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <ChainWithdrawalStateChip state={w.state} />
                  <ApprovalsChip r={w} />
                </Box>
              </TableCell>
              <TableCell>
                <When at={w.createdAt} />
              </TableCell>
              <TableCell align="right">
                <Typography component={RouterLink} to={hrefOf(w)} color="primary" sx={{ fontWeight: 600 }}>
                  {openLabel(w)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (items: AdminTetherWithdrawal[]) => (
    <List
      disablePadding
      aria-label={title}
      data-testid="chain-withdrawals"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {items.map((w) => (
        <Paper
          key={w.id}
          component="li"
          variant="outlined"
          sx={{ listStyle: 'none' }}
          data-testid="chain-withdrawal-row"
        >
          <ListItemButton
            component={RouterLink}
            to={hrefOf(w)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} dir="auto">
                {nameOf(w)}
              </Typography>
              <Typography dir="ltr" color="text.secondary">
                {displayMobile(w.user.mobile, cf.lng)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{cf.usdt(w.amount)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {networkName(w.network)}
              </Typography>
              <ChainWithdrawalStateChip state={w.state} />
              <ApprovalsChip r={w} />
            </Box>
            <Destination w={w} />
            <Typography variant="body2" color="text.secondary">
              {cf.relative(w.createdAt)} – {cf.date(w.createdAt, 'dateTime')}
            </Typography>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );

  return (
    <ChainFrame section="withdrawals">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          id="chain-withdrawals-state"
          label={t('chain.filters.state')}
          value={filters.state}
          options={STATES.map((s) => ({
            value: s,
            label: s === 'all' ? t('chain.filters.allStates') : t(`chain.withdrawals.statuses.${s}`),
          }))}
          onChange={(state) => setFilter({ state })}
        />
        <NetworkFilter
          id="chain-withdrawals-network"
          value={filters.network}
          onChange={(network) => setFilter({ network })}
        />
      </Box>
      <PagedList
        list={list}
        page={page}
        onPage={(p) => setParams(withPage(params, p))}
        empty={t(filters.state === 'Pending' ? 'chain.withdrawals.emptyPending' : 'chain.withdrawals.empty')}
      >
        {(items) => (isDesktop ? table(items) : cards(items))}
      </PagedList>
    </ChainFrame>
  );
}
