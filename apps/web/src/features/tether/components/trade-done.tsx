import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TetherTrade } from '@portal/contract/tether/market';
import { paths } from '@/config/paths';
import { useWallets } from '@/lib/queries/wallets';
import { useTradeFormat } from '../use-trade-format';
import { PreciseToggle, useTradeRows } from './quote-review';
import { TradeFigures } from './trade-figures';

/**
 * A trade done: what was paid and received at what price and fee, and the way to both wallets' histories
 * (`onLeave` runs as one is followed: a modal closes). `onAgain` starts another trade.
 */
export function TradeDone({
  trade,
  onAgain,
  onLeave,
}: {
  trade: TetherTrade;
  onAgain: () => void;
  onLeave?: () => void;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const wallets = useWallets();
  const [precise, setPrecise] = useState(false);
  const rows = useTradeRows(trade, precise, null);
  const walletHref = (currency: 'USDT' | TetherTrade['fiat']) => {
    const walletId = wallets.data?.items.find((w) => w.currency === currency)?.walletId;
    return paths.wallet.getHref(walletId ? { walletId } : undefined);
  };
  const fiatName = t(`translation:currency.${trade.fiat}`);

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, pt: 1 }}>
          <CheckCircleOutline color="success" aria-hidden="true" sx={{ fontSize: 48 }} />
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {t(`done.title.${trade.side}`)}
          </Typography>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {t(`done.text.${trade.side}`, {
              usdt: fmt.money(trade.usdtAmount, 'USDT', true),
              fiat: fmt.money(trade.fiatAmount, trade.fiat),
              currency: fiatName,
            })}
          </Typography>
        </Box>
        <TradeFigures label={t('done.figures')} rows={rows} />
        <PreciseToggle precise={precise} onChange={setPrecise} />
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={walletHref('USDT')} onClick={onLeave} variant="outlined">
          {t('done.usdtWallet')}
        </Button>
        <Button component={RouterLink} to={walletHref(trade.fiat)} onClick={onLeave} variant="outlined">
          {t('done.fiatWallet', { currency: fiatName })}
        </Button>
        <Button variant="contained" onClick={onAgain}>
          {t('done.again')}
        </Button>
      </DialogActions>
    </>
  );
}
