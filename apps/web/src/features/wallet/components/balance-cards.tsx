import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Wallet } from '@portal/contract/wallet/wallets';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';

/**
 * The four wallets (IRT, IRR, USD, USDT) with what can be spent and what is held for pending requests.
 * Each card is a link that shows its wallet's history; the chosen one is marked.
 */
export function BalanceCards({ wallets, chosenId }: { wallets: readonly Wallet[]; chosenId: string | undefined }) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
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
      {wallets.map((w) => {
        const chosen = w.walletId === chosenId;
        const name = t(`translation:currency.${w.currency}`);
        return (
          <li key={w.walletId}>
            <Card
              variant="outlined"
              sx={{ height: '100%', borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}
            >
              <CardActionArea
                component={RouterLink}
                to={paths.wallet.getHref({ walletId: w.walletId })}
                aria-current={chosen ? 'true' : undefined}
                aria-label={`${name}: ${t('wallet.available')} ${fmt.money(w.available, w.currency)}، ${t('wallet.held')} ${fmt.money(w.held, w.currency)}`}
                sx={{ height: '100%' }}
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
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
