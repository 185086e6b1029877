import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import ShowChart from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PortfolioHolding, PortfolioKind, PortfolioState } from '@portal/contract/account/portfolio';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { useLanguage } from '@/hooks/use-language';
import { formatDecimal } from '@/lib/format-money';
import { walletsQueryOptions } from '@/lib/queries/wallets';
import { localized, signOf, useSignedFormat } from '../portfolio-format';
import { KIND_COLOR } from './my-assets-card';
import { SignedFigure } from './pnl-history-card';

const KIND_ICON: Record<PortfolioKind, typeof ShowChart> = {
  funds: ShowChart,
  metals: DiamondOutlined,
  baskets: PieChartOutline,
  wallet: AccountBalanceWalletOutlined,
};

/** A basket's holding (`basket:<order id>`) opens its page (issue 20); without an id, the baskets list. */
function basketHref(key: string): string {
  const id = /^basket:(.+)$/.exec(key)?.[1];
  return id ? paths.basketOrder.getHref(id) : paths.baskets.getHref();
}

/**
 * My holdings (issue 19): every fund holding and every non-empty wallet, largest first, each with its
 * value in the valuation currency, its share of the total, and (a fund) its gain since purchase with its
 * sign and ratio. A fund opens its page, a wallet its history on the wallet page. A value that cannot be
 * worked out (no NAV yet, no tether price to convert) is «—», with the reason under it.
 */
export function HoldingsList({ state, stale = false }: { state: PortfolioState; stale?: boolean }) {
  const { t } = useTranslation();
  const hasWallet = state.holdings.some((h) => h.kind === 'wallet');
  // The wallet page is addressed by the wallet's id: the shared wallets query knows it.
  const wallets = useQuery({ ...walletsQueryOptions(), enabled: hasWallet });
  const walletIdOf = (currency: string) => wallets.data?.items.find((w) => w.currency === currency)?.walletId;

  if (state.holdings.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="holdings-title">
      <CardContent>
        <Typography id="holdings-title" variant="h2" sx={{ mb: 1.5 }}>
          {t('dashboard.holdings.title')}
        </Typography>
        <Box
          component="ul"
          aria-labelledby="holdings-title"
          aria-busy={stale || undefined}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, opacity: stale ? 0.6 : 1 }}
        >
          {state.holdings.map((h) => (
            <li key={h.key}>
              <HoldingRow
                holding={h}
                currency={state.currency}
                to={
                  h.fundId
                    ? paths.fund.getHref(h.fundId)
                    : h.kind === 'baskets'
                      ? basketHref(h.key)
                      : paths.wallet.getHref({ walletId: walletIdOf(h.currency) })
                }
              />
            </li>
          ))}
        </Box>
        {state.pendingRequests > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('dashboard.holdings.pending', { count: state.pendingRequests })}{' '}
            <Link component={RouterLink} to={paths.userRequests.getHref()}>
              {t('dashboard.holdings.pendingLink')}
            </Link>
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function HoldingRow({ holding: h, currency, to }: { holding: PortfolioHolding; currency: 'IRT' | 'USDT'; to: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { lng, dir } = useLanguage();
  const signed = useSignedFormat();
  const Icon = KIND_ICON[h.kind];
  const Chevron = dir === 'rtl' ? ChevronLeft : ChevronRight;
  const name = h.name
    ? localized(h.name, lng)
    : h.kind === 'baskets'
      ? t('dashboard.holdings.basket')
      : t('dashboard.holdings.wallet', { currency: t(`currency.${h.currency}`) });
  const quantity = h.fundId
    ? t('dashboard.holdings.units', { units: formatDecimal(h.quantity, lng, { maxFractionDigits: 4 }) })
    : fmt.money(h.quantity, h.currency);
  const gainSign = signOf(h.gain);
  const missingReason = h.value !== null ? null : h.fundId && h.nav === null ? 'noNav' : 'noPrice';

  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      focusRipple
      sx={{
        width: '100%',
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1.5,
        textAlign: 'start',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.primary',
        '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 40,
          height: 40,
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          color: KIND_COLOR[h.kind],
          bgcolor: 'action.hover',
        }}
      >
        <Icon />
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.25 }}>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
        >
          <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {h.value === null ? '—' : `${h.approximate ? '≈ ' : ''}${signed.value(h.value, currency)}`}
          </Typography>
        </Box>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" component="span" color="text.secondary">
            {t(`dashboard.kinds.${h.kind}.title`)} · {quantity}
          </Typography>
          {h.gain !== null ? (
            <Typography variant="body2" component="span">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('dashboard.holdings.gain')}{' '}
              </Box>
              <SignedFigure text={signed.money(h.gain, currency)} sign={gainSign} strong={false} />
              {h.gainRatio !== null ? (
                <>
                  {' · '}
                  <SignedFigure text={signed.ratio(h.gainRatio)} sign={gainSign} strong={false} plain />
                </>
              ) : null}
            </Typography>
          ) : null}
        </Box>
        {h.share !== null ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <LinearProgress
              variant="determinate"
              value={Math.max(0, Math.min(100, h.share * 100))}
              aria-label={t('dashboard.holdings.shareOf', { name })}
              sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ minWidth: '3.5em', textAlign: 'end' }}>
              {t('dashboard.holdings.share', { percent: fmt.percent(h.share) })}
            </Typography>
          </Box>
        ) : null}
        {missingReason ? (
          <Typography variant="caption" color="text.secondary">
            {t(`dashboard.holdings.${missingReason}`)}
          </Typography>
        ) : h.approximate ? (
          <Typography variant="caption" color="text.secondary">
            {t('dashboard.holdings.approximate')}
          </Typography>
        ) : null}
      </Box>
      <Chevron aria-hidden="true" sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}
