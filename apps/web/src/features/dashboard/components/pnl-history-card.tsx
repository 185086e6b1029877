import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PnlFigure, PnlWindow, PortfolioState } from '@portal/contract/account/portfolio';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';
import { formatDate } from '@/lib/format';
import { signColor, signOf, TEHRAN, useSignedFormat } from '../portfolio-format';

/** SPEC §2: last day, last 30 days, total; the 7 days too (SPEC §9's windows). */
const WINDOWS: readonly PnlWindow[] = ['1d', '7d', '30d', 'all'];

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="pnl-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="pnl-title" variant="h2" sx={{ mb: 2 }}>
          {t('dashboard.pnl.title')}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A signed figure: its sign in words' place (an arrow and a plus or minus), its colour as a second cue. */
export function SignedFigure({
  text,
  sign,
  strong = true,
  plain = false,
}: {
  text: string;
  sign: -1 | 0 | 1;
  strong?: boolean;
  /** Without the arrow (a second figure of the same sign beside one that has it). */
  plain?: boolean;
}) {
  const Icon = sign > 0 ? ArrowUpward : sign < 0 ? ArrowDownward : Remove;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        color: signColor(sign),
        fontWeight: strong ? 700 : 500,
        whiteSpace: 'nowrap',
      }}
    >
      {plain ? null : <Icon aria-hidden="true" sx={{ fontSize: '1em' }} />}
      {text}
    </Box>
  );
}

/**
 * Profit and loss history (SPEC §2; issue 19): the profit over the last day, 7 days, 30 days and all time
 * in the valuation currency (value change minus money put in: a deposit is never a gain), each with its
 * time-weighted and money-weighted (XIRR, annualised) return side by side, and one sentence on each.
 */
export function PnlHistoryCard({ state, stale = false }: { state: PortfolioState | undefined; stale?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const signed = useSignedFormat();

  if (!state) {
    return (
      <Frame>
        <Box aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 1.5 }}>
          {WINDOWS.map((w) => (
            <Skeleton key={w} variant="rounded" height={52} />
          ))}
        </Box>
      </Frame>
    );
  }

  const byWindow = new Map<PnlWindow, PnlFigure>(state.pnl.map((p) => [p.window, p]));
  const ratio = (r: number | null) => (r === null ? '—' : signed.ratio(r));
  const anyUnknown = state.pnl.some((p) => p.twr === null || p.xirr === null);

  return (
    <Frame>
      <Box
        component="ul"
        aria-busy={stale || undefined}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25, opacity: stale ? 0.6 : 1 }}
      >
        {WINDOWS.map((w) => {
          const p = byWindow.get(w);
          const label = t(`dashboard.pnl.windows.${w}`);
          return (
            <Box
              component="li"
              key={w}
              data-testid={`pnl-${w}`}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.25, '&:last-of-type': { borderBottom: 0, pb: 0 } }}
            >
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 1,
                  alignItems: 'baseline',
                  flexWrap: 'wrap',
                }}
              >
                <Typography component="span" color="text.secondary">
                  {label}
                </Typography>
                {p ? (
                  <SignedFigure text={signed.money(p.profit, state.currency)} sign={signOf(p.profit)} />
                ) : (
                  <Typography component="span">—</Typography>
                )}
              </Box>
              {p ? (
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    justifyContent: 'space-between',
                    columnGap: 2,
                    rowGap: 0.25,
                    mt: 0.5,
                  }}
                >
                  <Typography variant="body2" component="span" color="text.secondary">
                    {t('dashboard.pnl.twrShort')}{' '}
                    {p.twr === null ? (
                      '—'
                    ) : (
                      <SignedFigure text={ratio(p.twr)} sign={p.twr > 0 ? 1 : p.twr < 0 ? -1 : 0} strong={false} />
                    )}
                  </Typography>
                  <Typography variant="body2" component="span" color="text.secondary">
                    {t('dashboard.pnl.xirrShort')}{' '}
                    {p.xirr === null ? (
                      '—'
                    ) : (
                      <SignedFigure text={ratio(p.xirr)} sign={p.xirr > 0 ? 1 : p.xirr < 0 ? -1 : 0} strong={false} />
                    )}
                  </Typography>
                  {signOf(p.netFlow) !== 0 ? (
                    <Typography variant="caption" component="span" color="text.secondary" sx={{ flexBasis: '100%' }}>
                      {t('dashboard.pnl.netFlow', { amount: signed.money(p.netFlow, state.currency) })}
                    </Typography>
                  ) : null}
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gap: 0.75 }}>
        <Typography component="dt" variant="caption" sx={{ fontWeight: 700 }}>
          {t('dashboard.pnl.twr')}
        </Typography>
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {t('dashboard.pnl.twrHelp')}
        </Typography>
        <Typography component="dt" variant="caption" sx={{ fontWeight: 700 }}>
          {t('dashboard.pnl.xirr')}
        </Typography>
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {t('dashboard.pnl.xirrHelp')}
        </Typography>
      </Box>
      {anyUnknown ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('dashboard.pnl.unknown')}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('dashboard.pnl.asOf', { date: formatDate(state.asOf, fmt.lng, fmt.calendar, 'dateTime', TEHRAN) })}
      </Typography>
    </Frame>
  );
}
