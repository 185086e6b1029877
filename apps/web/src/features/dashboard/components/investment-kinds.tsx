import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import ShowChart from '@mui/icons-material/ShowChart';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PORTFOLIO_KINDS, type PortfolioKind } from '@portal/contract/account/portfolio';
import { paths } from '@/config/paths';

interface Kind {
  key: PortfolioKind;
  icon: SvgIconComponent;
  /** Its way in. */
  to: string;
  color: string;
}

const KINDS: readonly Kind[] = [
  { key: 'funds', icon: ShowChart, to: paths.funds.getHref(), color: 'primary.main' },
  { key: 'metals', icon: DiamondOutlined, to: paths.funds.getHref('gold-silver'), color: 'secondary.main' },
  { key: 'baskets', icon: PieChartOutline, to: paths.baskets.getHref(), color: 'info.main' },
  { key: 'wallet', icon: AccountBalanceWalletOutlined, to: paths.walletDeposit.getHref(), color: 'success.main' },
];

/**
 * The empty-state cards of the investment kinds (SPEC §2 Dashboard), only for the kinds the user does not
 * hold yet (`kinds`, from the portfolio's `heldKinds`). With nothing held at all (`empty`) they are the way
 * to start; otherwise the way to add to the portfolio.
 */
export function InvestmentKinds({
  kinds = PORTFOLIO_KINDS,
  empty = true,
}: {
  kinds?: readonly PortfolioKind[];
  empty?: boolean;
}) {
  const { t } = useTranslation();
  const shown = KINDS.filter((k) => kinds.includes(k.key));
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="dashboard-start-title">
      <Typography id="dashboard-start-title" variant="h2" sx={{ mb: 0.5 }}>
        {t(empty ? 'dashboard.start.title' : 'dashboard.more.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(empty ? 'dashboard.start.subtitle' : 'dashboard.more.subtitle')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' } }}
      >
        {shown.map(({ key, icon: Icon, to, color }) => (
          <Card
            key={key}
            component="article"
            aria-labelledby={`kind-${key}-title`}
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <CardContent sx={{ flexGrow: 1 }}>
              <Box
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: 1,
                  display: 'grid',
                  placeItems: 'center',
                  mb: 1.5,
                  color,
                  bgcolor: 'action.hover',
                }}
              >
                <Icon aria-hidden="true" />
              </Box>
              <Typography id={`kind-${key}-title`} variant="h3" component="h3" gutterBottom>
                {t(`dashboard.kinds.${key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`dashboard.kinds.${key}.text`)}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button component={RouterLink} to={to} variant="outlined" fullWidth>
                {t(`dashboard.kinds.${key}.action`)}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
