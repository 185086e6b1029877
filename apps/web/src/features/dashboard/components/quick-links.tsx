import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Only pages the portal has (the router's): no link leads to the not-found page. */
const LINKS: readonly { key: string; icon: SvgIconComponent; to: string }[] = [
  { key: 'deposit', icon: AddCardOutlined, to: paths.walletDeposit.getHref() },
  { key: 'buyFund', icon: ShoppingCartOutlined, to: paths.funds.getHref() },
  { key: 'tetherTrading', icon: CurrencyExchange, to: paths.tetherTrading.getHref() },
  { key: 'transactions', icon: ReceiptLongOutlined, to: paths.transactions.getHref() },
  { key: 'userRequests', icon: PendingActionsOutlined, to: paths.userRequests.getHref() },
  { key: 'kyc', icon: VerifiedUserOutlined, to: paths.profileKyc.getHref() },
];

/** Quick links (SPEC §2 Dashboard) to the pages a new investor needs first. */
export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="quick-links-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="quick-links-title" variant="h2" sx={{ mb: 2 }}>
          {t('dashboard.quickLinks.title')}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, 1fr)' }}
        >
          {LINKS.map(({ key, icon: Icon, to }) => (
            <li key={key}>
              <ButtonBase
                component={RouterLink}
                to={to}
                focusRipple
                sx={{
                  width: '100%',
                  minHeight: 88,
                  borderRadius: 1,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 0.75,
                  p: 1,
                  color: 'text.primary',
                  border: 1,
                  borderColor: 'divider',
                  '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                }}
              >
                <Icon color="primary" aria-hidden="true" />
                <Typography variant="body2" component="span" sx={{ textAlign: 'center', lineHeight: 1.5 }}>
                  {t(`dashboard.quickLinks.${key}`)}
                </Typography>
              </ButtonBase>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
