import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainReconciliation } from '@portal/contract/admin/chain';
import type { TetherNetworkKey } from '@portal/contract/tether/chain';
import { Detail, Details, EmptyState, LoadingOrError, Panel } from '../shell/console-page';
import { chainReconciliationQueryOptions } from './api';
import { ChainFrame } from './chain-frame';
import { Usdt, useChainFormat, useNetworkName } from './chain-labels';

type Row = {
  key: TetherNetworkKey | 'total';
  expectedOnChain: string;
  custodyReported: string | null;
  difference: string | null;
  inFlight: string | null;
};

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

/**
 * The difference custody − expected: zero as "balanced", anything else loud (a signed amount and a mark);
 * none when the custody service did not answer.
 */
function Difference({ value, testId }: { value: string | null; testId: string }) {
  const { t } = useTranslation('admin');
  if (value === null) return <span data-testid={testId}>—</span>;
  if (isZero(value)) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        label={t('chain.reconciliation.balanced')}
        data-testid={testId}
      />
    );
  }
  return (
    <Box
      component="span"
      data-testid={testId}
      data-mismatch="true"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', color: 'error.main' }}
    >
      <Usdt amount={value} strong />
      <Chip size="small" color="error" label={t('chain.reconciliation.mismatch')} />
    </Box>
  );
}

function Reported({ value }: { value: string | null }) {
  const { t } = useTranslation('admin');
  return value === null ? (
    <Typography component="span" color="text.secondary">
      {t('chain.reconciliation.noAnswer')}
    </Typography>
  ) : (
    <Usdt amount={value} />
  );
}

/**
 * The reconciliation report (`/admin/chain/reconciliation`): per network and in total, the tether the
 * ledger says the portal must hold on chain against what the custody service reports, their difference
 * (loud when not zero), what is in flight; the users' liability and the house's own tether; the custody
 * service's error when it did not answer. Asked again on demand (each reading asks the custody service).
 */
export default function ChainReconciliationPage() {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const networkName = useNetworkName();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const report = useQuery(chainReconciliationQueryOptions());
  const refresh = (
    <Button
      variant="outlined"
      startIcon={<Refresh />}
      onClick={() => void report.refetch()}
      loading={report.isFetching && !report.isPending}
      disabled={report.isPending}
    >
      {t('chain.reconciliation.refresh')}
    </Button>
  );

  if (report.isPending || report.isError) {
    return (
      <ChainFrame section="reconciliation" actions={refresh}>
        <LoadingOrError query={report} />
      </ChainFrame>
    );
  }

  const r: ChainReconciliation = report.data;
  const rows: Row[] = [
    ...r.networks.map((n) => ({ key: n.network, ...n })),
    { key: 'total' as const, ...r.total, inFlight: null },
  ];
  const label = (row: Row) => (row.key === 'total' ? t('chain.reconciliation.total') : networkName(row.key));
  const title = t('chain.reconciliation.byNetwork');
  const cell = (row: Row, value: ReactNode) =>
    row.key === 'total' ? <Box sx={{ fontWeight: 700 }}>{value}</Box> : value;

  return (
    <ChainFrame section="reconciliation" actions={refresh}>
      <Typography color="text.secondary">{t('chain.reconciliation.intro')}</Typography>
      {r.custodyError ? (
        <Alert severity="error" data-testid="chain-custody-error">
          <AlertTitle>{t('chain.reconciliation.custodyError')}</AlertTitle>
          <Box component="bdi" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
            {r.custodyError}
          </Box>
        </Alert>
      ) : null}
      <Panel id="chain-reconciliation-summary" title={t('chain.reconciliation.summary')}>
        <Details>
          <Detail label={t('chain.reconciliation.at')}>
            {cf.relative(r.at)} – {cf.date(r.at, 'dateTime')}
          </Detail>
          <Detail label={t('chain.reconciliation.usersLiability')}>
            <Usdt amount={r.usersLiability} strong testId="chain-users-liability" />
          </Detail>
          <Detail label={t('chain.reconciliation.houseExchange')}>
            <Usdt amount={r.houseExchange} />
          </Detail>
          <Detail label={t('chain.reconciliation.totalDifference')}>
            <Difference value={r.total.difference} testId="chain-difference-total-summary" />
          </Detail>
        </Details>
      </Panel>
      <Panel id="chain-reconciliation-networks" title={title}>
        {r.networks.length === 0 ? (
          <EmptyState message={t('chain.network.none')} />
        ) : isDesktop ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('chain.columns.network')}</TableCell>
                  <TableCell>{t('chain.reconciliation.expected')}</TableCell>
                  <TableCell>{t('chain.reconciliation.reported')}</TableCell>
                  <TableCell>{t('chain.reconciliation.difference')}</TableCell>
                  <TableCell>{t('chain.reconciliation.inFlight')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.key} data-testid={`chain-reconciliation-${row.key}`}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: row.key === 'total' ? 700 : 600 }}>
                      {label(row)}
                    </TableCell>
                    <TableCell>{cell(row, <Usdt amount={row.expectedOnChain} />)}</TableCell>
                    <TableCell>{cell(row, <Reported value={row.custodyReported} />)}</TableCell>
                    <TableCell>
                      <Difference value={row.difference} testId={`chain-difference-${row.key}`} />
                    </TableCell>
                    <TableCell>{row.inFlight === null ? '' : <Usdt amount={row.inFlight} />}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {rows.map((row) => (
              <Paper
                key={row.key}
                component={ListItem}
                variant="outlined"
                data-testid={`chain-reconciliation-${row.key}`}
                sx={{ display: 'block', py: 1.25 }}
              >
                <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{label(row)}</Typography>
                <Details>
                  <Detail label={t('chain.reconciliation.expected')}>
                    <Usdt amount={row.expectedOnChain} />
                  </Detail>
                  <Detail label={t('chain.reconciliation.reported')}>
                    <Reported value={row.custodyReported} />
                  </Detail>
                  <Detail label={t('chain.reconciliation.difference')}>
                    <Difference value={row.difference} testId={`chain-difference-${row.key}`} />
                  </Detail>
                  {row.inFlight === null ? null : (
                    <Detail label={t('chain.reconciliation.inFlight')}>
                      <Usdt amount={row.inFlight} />
                    </Detail>
                  )}
                </Details>
              </Paper>
            ))}
          </List>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('chain.reconciliation.note')}
        </Typography>
      </Panel>
    </ChainFrame>
  );
}
