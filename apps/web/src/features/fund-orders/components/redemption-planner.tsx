import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import { useTranslation } from 'react-i18next';
import type { FundHolding, HoldingLot } from '@portal/contract/funds/orders';
import { useOrderFormat } from '../use-order-format';
import { Figures } from './figures';

/**
 * The redemption planner (beyond the spec, issue 6): the user's lots in the order a redemption takes them
 * (oldest first), each with its units, the NAV it was bought at, its early-exit fee if redeemed today and
 * the day it becomes free of it. A table where there is room, one card a lot on a phone.
 */
export function RedemptionPlanner({ holding }: { holding: FundHolding }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const money = (v: string) => fmt.money(v, holding.currency);
  const lots = holding.lots.filter((l) => /[1-9]/.test(l.units));

  const feeToday = (l: HoldingLot) =>
    l.isFree
      ? t('planner.noFee')
      : l.earlyExitFeeToday === null
        ? fmt.rate(l.earlyExitBpsToday)
        : t('planner.feeValue', { rate: fmt.rate(l.earlyExitBpsToday), fee: money(l.earlyExitFeeToday) });
  const freeFrom = (l: HoldingLot) =>
    l.isFree ? (
      <Chip size="small" color="success" variant="outlined" label={t('planner.free')} />
    ) : (
      fmt.date(l.freeFrom, 'medium')
    );

  if (lots.length === 0) return <Typography color="text.secondary">{t('planner.empty')}</Typography>;

  if (!wide)
    return (
      <Box
        component="ol"
        aria-label={t('planner.title')}
        sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {lots.map((l, i) => (
          <Paper key={l.lotId} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('planner.lot', { n: fmt.number(i + 1), date: fmt.date(l.issuedAt, 'medium') })}
            </Typography>
            <Figures
              rows={[
                { label: t('planner.units'), value: fmt.units(l.units) },
                { label: t('planner.boughtAt'), value: money(l.nav) },
                { label: t('planner.feeToday'), value: feeToday(l) },
                { label: t('planner.freeFrom'), value: freeFrom(l) },
              ]}
            />
          </Paper>
        ))}
      </Box>
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('planner.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('planner.issuedAt')}</TableCell>
            <TableCell>{t('planner.units')}</TableCell>
            <TableCell>{t('planner.boughtAt')}</TableCell>
            <TableCell>{t('planner.feeToday')}</TableCell>
            <TableCell>{t('planner.freeFrom')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lots.map((l) => (
            <TableRow key={l.lotId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(l.issuedAt, 'medium')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{fmt.units(l.units)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(l.nav)}</TableCell>
              <TableCell>{feeToday(l)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{freeFrom(l)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
