import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import DonutSmallOutlined from '@mui/icons-material/DonutSmallOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import type { Permission } from '@portal/contract/admin/roles';
import { CalendarMenu } from '@/components/calendar-menu';
import { LanguageSwitcher } from '@/components/language-switcher';
import { LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { displayMobile } from '@/lib/format';
import { useCan, useOperator } from './operator';

const DRAWER_WIDTH = 240;
const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

interface ConsoleNavItem {
  labelKey: string;
  to: string;
  /** Where the item is active (its page and the pages under it). */
  match: string;
  icon: SvgIconComponent;
  permission: Permission;
}

/** The console's sections; each shows only when the operator's role holds its permission. */
const consoleNav: readonly ConsoleNavItem[] = [
  {
    labelKey: 'nav.users',
    to: paths.adminUsers.getHref(),
    match: '/admin/users/*',
    icon: PeopleOutlined,
    permission: 'users.read',
  },
  {
    labelKey: 'nav.kyc',
    to: paths.adminKyc.getHref(),
    match: '/admin/kyc/*',
    icon: FactCheckOutlined,
    permission: 'kyc.read',
  },
  {
    labelKey: 'nav.withdrawals',
    to: paths.adminWithdrawals.getHref(),
    match: '/admin/withdrawals/*',
    icon: PaymentsOutlined,
    permission: 'money.read',
  },
  {
    labelKey: 'nav.offlineDeposits',
    to: paths.adminOfflineDeposits.getHref(),
    match: '/admin/offline-deposits/*',
    icon: AccountBalanceOutlined,
    permission: 'money.read',
  },
  {
    labelKey: 'nav.proposals',
    to: paths.adminProposals.getHref(),
    match: '/admin/proposals/*',
    icon: PendingActionsOutlined,
    permission: 'proposals.read',
  },
  {
    labelKey: 'nav.bankStatements',
    to: paths.adminBankStatements.getHref(),
    match: '/admin/bank-statements/*',
    icon: UploadFileOutlined,
    permission: 'money.read',
  },
  {
    labelKey: 'nav.funds',
    to: paths.adminFunds.getHref(),
    match: '/admin/funds/*',
    icon: SavingsOutlined,
    permission: 'funds.read',
  },
  {
    labelKey: 'nav.consultations',
    to: paths.adminConsultations.getHref(),
    match: '/admin/consultations/*',
    icon: PhoneInTalkOutlined,
    permission: 'funds.read',
  },
  {
    labelKey: 'nav.tether',
    to: paths.adminTether.getHref(),
    match: '/admin/tether/*',
    icon: CurrencyExchangeOutlined,
    permission: 'tether.read',
  },
  {
    labelKey: 'nav.chain',
    to: paths.adminChain.getHref(),
    match: '/admin/chain/*',
    icon: HubOutlined,
    permission: 'tether.read',
  },
  {
    labelKey: 'basketDesk:nav',
    to: paths.adminBasketOrders.getHref(),
    match: '/admin/baskets/*',
    icon: DonutSmallOutlined,
    permission: 'baskets.read',
  },
  {
    labelKey: 'risk:desk.nav',
    to: paths.adminRiskQuiz.getHref(),
    match: '/admin/risk-quiz/*',
    icon: QuizOutlined,
    permission: 'quiz.read',
  },
  {
    labelKey: 'nav.audit',
    to: paths.adminAudit.getHref(),
    match: '/admin/audit/*',
    icon: ReceiptLongOutlined,
    permission: 'audit.read',
  },
];

/** The first section the operator may open (`/admin` lands there). */
export function useHomeSection(): string | null {
  const can = useCan();
  return consoleNav.find((item) => can(item.permission))?.to ?? null;
}

function useOperatorName(mobile: string): string {
  const { lng } = useLanguage();
  const { firstName, lastName } = useOperator();
  return [firstName, lastName].filter(Boolean).join(' ') || displayMobile(mobile, lng);
}

/** Who is signed in: name (or number) and role. */
function OperatorBadge({ mobile, stacked }: { mobile: string; stacked: boolean }) {
  const { t } = useTranslation('admin');
  const { role } = useOperator();
  const name = useOperatorName(mobile);
  return (
    <Box
      aria-label={t('console.signedInAs', { name, role: t(`roles.${role}`) })}
      role="group"
      sx={{
        display: 'flex',
        alignItems: stacked ? 'flex-start' : 'center',
        flexDirection: stacked ? 'column' : 'row',
        gap: stacked ? 0.75 : 1,
        minWidth: 0,
      }}
    >
      <Typography noWrap sx={{ fontWeight: 600, maxWidth: stacked ? '100%' : 220 }} dir="auto">
        {name}
      </Typography>
      <Chip size="small" color="primary" variant="outlined" label={t(`roles.${role}`)} />
    </Box>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const can = useCan();
  return (
    <List disablePadding sx={{ px: 1.5, py: 1 }}>
      {consoleNav
        .filter((item) => can(item.permission))
        .map((item) => {
          const Icon = item.icon;
          const active = matchPath(item.match, pathname) !== null;
          return (
            <ListItem key={item.to} disablePadding sx={{ mb: 0.5 }}>
              <ListItemButton
                component={NavLink}
                to={item.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(item.labelKey)} />
              </ListItemButton>
            </ListItem>
          );
        })}
    </List>
  );
}

function ConsoleTitle() {
  const { t } = useTranslation('admin');
  return (
    <Link
      component={NavLink}
      to={paths.admin.getHref()}
      color="inherit"
      underline="none"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
    >
      <LogoMark size={28} />
      <Typography component="span" noWrap sx={{ fontWeight: 700 }}>
        {t('console.title')}
      </Typography>
    </Link>
  );
}

function BackToPortal({ compact }: { compact: boolean }) {
  const { t } = useTranslation('admin');
  const label = t('console.backToPortal');
  return compact ? (
    <Tooltip title={label}>
      <IconButton color="inherit" component={NavLink} to={paths.home.getHref()} aria-label={label}>
        <ArrowBack sx={flipInRtl} />
      </IconButton>
    </Tooltip>
  ) : (
    <Button color="inherit" component={NavLink} to={paths.home.getHref()} startIcon={<ArrowBack sx={flipInRtl} />}>
      {label}
    </Button>
  );
}

/**
 * The operator console's frame: a header (console name, language, calendar, theme, the operator and a
 * way back to the portal) and the sections the role may open: a side navigation on a desktop, a
 * drawer behind a menu button on a phone.
 */
export function ConsoleLayout({ mobile, children }: { mobile: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' },
          }}
        >
          <Toolbar sx={{ px: 2.5 }}>
            <ConsoleTitle />
          </Toolbar>
          <Box component="nav" aria-label={t('console.navLabel')}>
            <NavList />
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: Math.min(DRAWER_WIDTH + 40, 300), boxSizing: 'border-box' } }}
        >
          <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <ConsoleTitle />
            <OperatorBadge mobile={mobile} stacked />
          </Box>
          <Divider />
          <Box component="nav" aria-label={t('console.navLabel')}>
            <NavList onNavigate={() => setDrawerOpen(false)} />
          </Box>
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          component="header"
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
            {isDesktop ? (
              <AdminPanelSettingsOutlined color="primary" aria-hidden="true" />
            ) : (
              <>
                <IconButton
                  color="inherit"
                  edge="start"
                  aria-label={t('console.openNav')}
                  aria-haspopup="dialog"
                  aria-expanded={drawerOpen ? 'true' : 'false'}
                  onClick={() => setDrawerOpen(true)}
                >
                  <MenuIcon />
                </IconButton>
                <ConsoleTitle />
              </>
            )}
            {isDesktop ? <OperatorBadge mobile={mobile} stacked={false} /> : null}
            <Box sx={{ flexGrow: 1 }} />
            <LanguageSwitcher compact={!isDesktop} />
            <CalendarMenu />
            <ThemeToggle />
            <BackToPortal compact={!isDesktop} />
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, px: { xs: 2, sm: 3 }, py: { xs: 2, md: 3 }, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
