import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundHolding } from '@portal/contract/funds/orders';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { formatBps, formatUnitCount } from '../fund-format';
import type { UseQueryResult } from '@tanstack/react-query';

const hasUnits = (units: string) => /[1-9]/.test(units);

/**
 * The early-exit card (SPEC §2, §4; decision 022): the schedule, 3 % in a lot's first month falling
 * to nothing from its sixth, and, when the user holds units, how many are free of the fee today and
 * when each lot becomes free (the redemption planner's data, `getFundHolding`).
 */
export function EarlyExitSection({ fund, holding }: { fund: FundDetail; holding: UseQueryResult<FundHolding | null> }) {
  const { t } = useTranslation('funds');
  const fmt = useFormat();
  const steps = [...fund.fees.earlyExit].sort((a, b) => a.monthsHeld - b.monthsHeld);
  const h = holding.data;
  const lots = h?.lots.filter((l) => hasUnits(l.units)) ?? [];

  return (
    <Section id="fund-early-exit" title={t('earlyExit.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('earlyExit.text')}
      </Typography>
      <Table size="small" aria-labelledby="fund-early-exit-title" sx={{ maxWidth: 560, '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('earlyExit.held')}</TableCell>
            <TableCell align="right">{t('earlyExit.rate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.map((s, i) => {
            const next = steps[i + 1];
            return (
              <TableRow key={s.monthsHeld}>
                <TableCell component="th" scope="row">
                  {next
                    ? t('earlyExit.between', { from: fmt.number(s.monthsHeld), to: fmt.number(next.monthsHeld) })
                    : t('earlyExit.andMore', { from: fmt.number(s.monthsHeld) })}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, color: s.bps === 0 ? 'success.main' : undefined }}>
                  {formatBps(s.bps, fmt.lng)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <Box sx={{ pt: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
          {t('earlyExit.mine')}
        </Typography>
        {holding.isPending ? (
          <SectionLoading />
        ) : holding.isError ? (
          <ErrorState error={holding.error} onRetry={() => void holding.refetch()} isRetrying={holding.isFetching} />
        ) : !h || lots.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('earlyExit.none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography>
              {t('earlyExit.freeNow', {
                free: formatUnitCount(h.freeUnits, fmt.lng),
                total: formatUnitCount(h.totalUnits, fmt.lng),
              })}
            </Typography>
            <Box
              component="ul"
              aria-label={t('earlyExit.lots')}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            >
              {lots.map((lot) => (
                <Box
                  component="li"
                  key={lot.lotId}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: 1,
                    p: 1.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {t('earlyExit.lotUnits', { units: formatUnitCount(lot.units, fmt.lng) })}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('earlyExit.bought', { date: fmt.date(lot.issuedAt, 'medium') })}
                    </Typography>
                  </Box>
                  {lot.isFree ? (
                    <Chip size="small" color="success" variant="outlined" label={t('earlyExit.free')} />
                  ) : (
                    <Box sx={{ textAlign: 'end' }}>
                      <Typography variant="body2">
                        {t('earlyExit.feeToday', { rate: formatBps(lot.earlyExitBpsToday, fmt.lng) })}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t('earlyExit.freeFrom', { date: fmt.date(lot.freeFrom, 'medium') })}
                      </Typography>
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
            {hasUnits(h.units) ? (
              <Button
                component={RouterLink}
                to={paths.fundRedeem.getHref(fund.id)}
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('earlyExit.plan')}
              </Button>
            ) : null}
          </Box>
        )}
      </Box>
    </Section>
  );
}
