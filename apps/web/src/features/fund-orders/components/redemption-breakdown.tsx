import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotTakeView, RedemptionQuoteView } from '@portal/contract/funds/orders';
import { FormError } from '@/components/form/form-error';
import { useOrderFormat } from '../use-order-format';
import { Figures, type Figure } from './figures';

/** A redemption's figures: units, the NAV that prices them, value, each fee and the proceeds. */
export function redemptionFigures(
  q: Pick<
    RedemptionQuoteView,
    'currency' | 'units' | 'nav' | 'navDateUsed' | 'value' | 'fixedFee' | 'earlyExitFee' | 'performanceFee' | 'proceeds'
  >,
  fmt: ReturnType<typeof useOrderFormat>,
  t: (key: string, values?: Record<string, string>) => string,
  performanceFeeBps?: number,
): Figure[] {
  const money = (v: string) => fmt.money(v, q.currency);
  return [
    { label: t('redeem.units'), value: t('breakdown.unitsValue', { units: fmt.units(q.units) }) },
    { label: t('redeem.pricePerShare', { date: fmt.day(q.navDateUsed) }), value: money(q.nav) },
    { label: t('redeem.value'), value: money(q.value) },
    { label: t('redeem.fixedFee'), value: money(q.fixedFee) },
    {
      label: t('redeem.performanceFee'),
      note:
        performanceFeeBps === undefined || performanceFeeBps === 0
          ? undefined
          : t('redeem.performanceFeeNote', { rate: fmt.rate(performanceFeeBps) }),
      value: money(q.performanceFee),
    },
    { label: t('redeem.earlyExitFee'), value: money(q.earlyExitFee) },
    { label: t('redeem.proceeds'), value: money(q.proceeds), strong: true },
  ];
}

/** Each lot's part of a redemption (the planner's figures for this count), on demand: a table, or cards on a phone. */
function LotTakes({ takes, currency }: { takes: LotTakeView[]; currency: RedemptionQuoteView['currency'] }) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const money = (v: string) => fmt.money(v, currency);
  const earlyExit = (l: LotTakeView) =>
    l.earlyExitBps === 0
      ? t('planner.noFee')
      : t('planner.feeValue', { rate: fmt.rate(l.earlyExitBps), fee: money(l.earlyExitFee) });

  if (!wide)
    return (
      <Box
        component="ol"
        aria-label={t('redeem.perLotTitle')}
        sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {takes.map((l, i) => (
          <Paper key={l.lotId} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('planner.lot', { n: fmt.number(i + 1), date: fmt.date(l.issuedAt, 'medium') })}
            </Typography>
            <Figures
              rows={[
                { label: t('planner.units'), value: fmt.units(l.units) },
                { label: t('redeem.value'), value: money(l.value) },
                { label: t('redeem.earlyExitFee'), value: earlyExit(l) },
                { label: t('redeem.performanceFee'), value: money(l.performanceFee) },
              ]}
            />
          </Paper>
        ))}
      </Box>
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('redeem.perLotTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('planner.issuedAt')}</TableCell>
            <TableCell>{t('planner.units')}</TableCell>
            <TableCell>{t('redeem.value')}</TableCell>
            <TableCell>{t('redeem.earlyExitFee')}</TableCell>
            <TableCell>{t('redeem.performanceFee')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {takes.map((l) => (
            <TableRow key={l.lotId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(l.issuedAt, 'medium')}</TableCell>
              <TableCell>{fmt.units(l.units)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(l.value)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{earlyExit(l)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(l.performanceFee)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The live breakdown of the units typed (SPEC §2 "price per share, fees (fixed, performance, early)"): at
 * today's NAV, or at the latest as an estimate before today's is out; each lot's part on demand.
 */
export function RedemptionBreakdown({
  quote,
  isFetching,
  error,
  performanceFeeBps,
}: {
  quote: RedemptionQuoteView | undefined;
  isFetching: boolean;
  error: string | null;
  performanceFeeBps: number;
}) {
  const { t } = useTranslation('fundOrders');
  const fmt = useOrderFormat();
  const [perLot, setPerLot] = useState(false);
  const perLotId = useId();

  if (error) return <FormError message={error} />;
  if (!quote)
    return (
      <Box aria-busy={isFetching} sx={{ minHeight: 48 }}>
        {isFetching ? <LinearProgress aria-label={t('breakdown.loading')} /> : null}
        <Typography color="text.secondary" sx={{ pt: 1 }}>
          {t('redeem.empty')}
        </Typography>
      </Box>
    );
  return (
    <Box
      aria-busy={isFetching}
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, position: 'relative' }}
    >
      <LinearProgress
        aria-hidden="true"
        sx={{ position: 'absolute', top: -8, insetInline: 0, height: 2, visibility: isFetching ? 'visible' : 'hidden' }}
      />
      <Figures label={t('redeem.breakdownTitle')} rows={redemptionFigures(quote, fmt, t, performanceFeeBps)} />
      {quote.estimate || quote.waiting ? (
        <Alert severity="info">{t('redeem.estimate', { date: fmt.day(quote.navDate) })}</Alert>
      ) : null}
      {quote.takes.length > 0 ? (
        <Box>
          <Button size="small" onClick={() => setPerLot((v) => !v)} aria-expanded={perLot} aria-controls={perLotId}>
            {perLot ? t('redeem.hidePerLot') : t('redeem.showPerLot')}
          </Button>
          <Box id={perLotId} hidden={!perLot} sx={{ pt: 1 }}>
            {perLot ? <LotTakes takes={quote.takes} currency={quote.currency} /> : null}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
