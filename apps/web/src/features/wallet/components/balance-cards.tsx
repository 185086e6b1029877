import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Currency } from '@portal/contract/core/money';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';

/** The wallets a conversion starts from: toman and rial to tether, tether to toman or rial. */
export type ConvertibleCurrency = 'IRT' | 'IRR' | 'USDT';
const CONVERTIBLE: readonly Currency[] = ['IRT', 'IRR', 'USDT'];
const isConvertible = (c: Currency): c is ConvertibleCurrency => CONVERTIBLE.includes(c);

/** The cards' order: toman and tether first, side by side on a phone, then rial and dollar. */
const ORDER: readonly Currency[] = ['IRT', 'USDT', 'IRR', 'USD'];
const rank = (c: Currency) => {
  const i = ORDER.indexOf(c);
  return i < 0 ? ORDER.length : i;
};

/** Deposit and withdrawal side by side, each half the card; on a phone's narrow card without their icons. */
const PAIR = {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 0.5,
  width: '100%',
  '& .MuiButton-root': { minWidth: 0, px: 0.75 },
  '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} as const;

/**
 * A wallet's deposit and withdrawal (issue 19: every wallet has both). Toman: the deposit page (by ID,
 * gateway or offline) and the withdrawal to a bank account; tether: on chain (issue 18). The portal takes
 * and pays out no rial and no dollar: their buttons are there, disabled, with the reason under them.
 */
function MoneyActions({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const { currency, walletId } = wallet;
  if (currency === 'IRT' || currency === 'USDT') {
    const deposit = currency === 'IRT' ? paths.walletDeposit.getHref({ walletId }) : paths.walletDepositUsdt.getHref();
    const withdraw = currency === 'IRT' ? paths.walletWithdraw.getHref() : paths.walletWithdrawUsdt.getHref();
    return (
      <Box sx={PAIR}>
        <Button
          size="small"
          component={RouterLink}
          to={deposit}
          startIcon={<ArrowDownward />}
          aria-label={currency === 'IRT' ? t('wallet.cardActions.depositIRT') : t('chain:wallet.depositLabel')}
        >
          {t('wallet.cardActions.deposit')}
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={withdraw}
          startIcon={<ArrowUpward />}
          aria-label={currency === 'IRT' ? t('wallet.cardActions.withdrawIRT') : t('chain:wallet.withdrawLabel')}
        >
          {t('wallet.cardActions.withdraw')}
        </Button>
      </Box>
    );
  }
  const reasonId = `wallet-${walletId}-no-transfer`;
  return (
    <Box sx={PAIR}>
      <Button size="small" disabled startIcon={<ArrowDownward />} aria-describedby={reasonId}>
        {t('wallet.cardActions.deposit')}
      </Button>
      <Button size="small" disabled startIcon={<ArrowUpward />} aria-describedby={reasonId}>
        {t('wallet.cardActions.withdraw')}
      </Button>
      <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', px: 0.5 }}>
        {t(`wallet.cardActions.none.${currency}`)}
      </Typography>
    </Box>
  );
}

/**
 * The four wallets (toman and tether first, then rial and dollar) with what can be spent and what is held
 * for pending requests. Each card is a link that shows its wallet's history; the chosen one is marked. With
 * `onConvert`, the toman, rial and tether cards also offer the conversion to or from tether. Each card has
 * its deposit and withdrawal (`MoneyActions`).
 */
export function BalanceCards({
  wallets,
  chosenId,
  onConvert,
}: {
  wallets: readonly Wallet[];
  chosenId: string | undefined;
  onConvert?: (currency: ConvertibleCurrency) => void;
}) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const ordered = [...wallets].sort((a, b) => rank(a.currency) - rank(b.currency));
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {ordered.map((w) => {
        const chosen = w.walletId === chosenId;
        const name = t(`translation:currency.${w.currency}`);
        const currency = w.currency;
        return (
          <li key={w.walletId}>
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                borderColor: chosen ? 'primary.main' : undefined,
                borderWidth: chosen ? 2 : 1,
              }}
            >
              <CardActionArea
                component={RouterLink}
                to={paths.wallet.getHref({ walletId: w.walletId })}
                aria-current={chosen ? 'true' : undefined}
                aria-label={`${name}: ${t('wallet.available')} ${fmt.money(w.available, w.currency)}، ${t('wallet.held')} ${fmt.money(w.held, w.currency)}`}
                sx={{ flexGrow: 1 }}
              >
                <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                  <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('wallet.available')}
                  </Typography>
                  <Typography
                    sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.15rem' }, overflowWrap: 'anywhere' }}
                  >
                    {fmt.amount(w.available, w.currency)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {t('wallet.held')}: {fmt.amount(w.held, w.currency)}
                  </Typography>
                </CardContent>
              </CardActionArea>
              <CardActions disableSpacing sx={{ pt: 0, px: { xs: 1, sm: 1.5 }, flexWrap: 'wrap', gap: 0.5 }}>
                <MoneyActions wallet={w} />
                {onConvert && isConvertible(currency) ? (
                  <Button
                    size="small"
                    startIcon={<SwapHoriz />}
                    onClick={() => onConvert(currency)}
                    aria-label={t(`wallet.convertOf.${currency}`)}
                  >
                    {t('wallet.convert')}
                  </Button>
                ) : null}
              </CardActions>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
