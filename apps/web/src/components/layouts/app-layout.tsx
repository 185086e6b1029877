import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import AppBar from '@mui/material/AppBar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction, { bottomNavigationActionClasses } from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import { isOperatorRole } from '@portal/contract/admin/roles';
import { bottomNavItems, navItems, type NavItem } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { displayMobile } from '@/lib/format';
import { useCachedSession } from '@/lib/session-state';
import { useFirstScreen } from '@/lib/first-screen';
import { CalendarMenu } from '../calendar-menu';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { useMenuTrigger } from '../use-menu-trigger';
import { flipInRtl } from './flip-in-rtl';

const loadUserMenuList = () => import('./user-menu-list');
const UserMenuList = lazy(loadUserMenuList);
/** The logout confirmation's code (the dialog, the logout call) loads when it is first asked for. */
const LogoutDialog = lazy(() => import('../logout-dialog').then((m) => ({ default: m.LogoutDialog })));

const DRAWER_WIDTH = 248;

function isActive(item: NavItem, pathname: string): boolean {
  if (matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null) return true;
  return (item.alsoActiveOn ?? []).some((p) => matchPath({ path: p, end: false }, pathname) !== null);
}

/** Who is signed in, as the header names them: first and last name when known, the number otherwise. */
export interface ShownUser {
  text: string;
  /** A name (written in its own direction) rather than a number (always left to right). */
  isName: boolean;
}

export function shownUserOf(
  user: { firstName: string | null; lastName: string | null; mobile: string },
  lng: string,
): ShownUser {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name ? { text: name, isName: true } : { text: displayMobile(user.mobile, lng), isName: false };
}

/**
 * The header's user menu: who is signed in (their name, or their number until the name is known), the
 * profile pages, the operator console (operators only) and logout. On a phone the button is an icon; on a
 * desktop it shows the name or number. The menu's code loads on first use (hover, focus or click), so a
 * signed-in page's first load does not carry it.
 */
function UserMenu({
  shown,
  compact,
  isOperator,
  onLogout,
}: {
  shown: ShownUser;
  compact: boolean;
  isOperator: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const menu = useMenuTrigger(loadUserMenuList);
  const label = t('layout.user.menu');
  const trigger = { ...menu.triggerProps, color: 'inherit' } as const;
  return (
    <>
      {compact ? (
        <IconButton {...trigger} aria-label={label} title={label}>
          <PersonOutline />
        </IconButton>
      ) : (
        <Button
          {...trigger}
          aria-label={`${label}: ${shown.isName ? shown.text : t('layout.user.mobile', { mobile: shown.text })}`}
          startIcon={<PersonOutline fontSize="small" aria-hidden="true" />}
          sx={{ color: 'text.secondary', px: 1.5, maxWidth: 280 }}
        >
          <Box
            component="span"
            dir={shown.isName ? 'auto' : 'ltr'}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {shown.text}
          </Box>
        </Button>
      )}
      {menu.wanted ? (
        <Suspense fallback={null}>
          <UserMenuList
            id={menu.menuId}
            labelledBy={menu.buttonId}
            anchor={menu.anchor}
            shown={compact ? shown : null}
            isOperator={isOperator}
            onClose={menu.close}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (th) => th.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('layout.skipToContent')}
    </Link>
  );
}

function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // A permanent drawer, drawn as MUI's `Drawer variant="permanent"` draws it, without the Drawer
    // component: that would bring the modal machinery (Modal, Slide, focus trap) into every signed-in
    // page's first load for a panel that never opens or closes.
    <Box sx={{ width: DRAWER_WIDTH, flex: '0 0 auto' }}>
      <Paper
        square
        elevation={0}
        sx={{
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          zIndex: (th) => th.zIndex.drawer,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <Box component="nav" aria-label={t('nav.label')}>
          <Toolbar sx={{ px: 2.5 }}>
            <Link component={NavLink} to={paths.home.getHref()} color="inherit" underline="none">
              <Logo />
            </Link>
          </Toolbar>
          <List disablePadding sx={{ px: 1.5, py: 1 }}>
            {navItems.map((item) => {
              const Icon = item.icon;
              const active = isActive(item, pathname);
              return (
                <ListItem key={item.to} disablePadding sx={{ mb: 0.5 }}>
                  <ListItemButton
                    component={NavLink}
                    to={item.to}
                    end={item.end}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
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
        </Box>
      </Paper>
    </Box>
  );
}

function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = bottomNavItems.find((item) => isActive(item, pathname))?.to ?? false;
  return (
    <Paper
      component="nav"
      aria-label={t('nav.label')}
      elevation={0}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (th) => th.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        value={active}
        showLabels
        // One line and one size, chosen or not: MUI enlarges the chosen label, and «حساب کاربری» then broke
        // onto a second line past the bar's bottom on a 390 px phone. Five tabs share a 360 px phone: MUI's
        // 80 px least width per tab would overflow it, so each tab takes a fifth with a little padding.
        sx={{
          [`& .${bottomNavigationActionClasses.root}`]: { minWidth: 0, px: 0.5 },
          [`& .${bottomNavigationActionClasses.label}, & .${bottomNavigationActionClasses.label}.${bottomNavigationActionClasses.selected}`]:
            { fontSize: '0.75rem', whiteSpace: 'nowrap' },
        }}
      >
        {bottomNavItems.map((item) => {
          const Icon = item.icon;
          return (
            <BottomNavigationAction
              key={item.to}
              component={NavLink}
              to={item.to}
              value={item.to}
              label={t(item.labelKey)}
              icon={<Icon />}
              aria-current={active === item.to ? 'page' : undefined}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}

/**
 * The signed-in portal's frame (SPEC §2 "Structure"). Desktop (md and up): side navigation and a
 * header. Mobile: a header and a bottom navigation. Both come from one navigation list.
 */
export function AppLayout({
  user,
  children,
}: {
  user: { firstName: string | null; lastName: string | null; mobile: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  // While React takes over a first screen the server rendered (decision 027), the server's guess first,
  // then the screen's own answer; otherwise the screen's answer at once.
  const firstScreen = useFirstScreen();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: firstScreen.desktop ?? false });
  const { lng } = useLanguage();
  const [logoutOpen, setLogoutOpenState] = useState(false);
  const [logoutWanted, setLogoutWanted] = useState(false);
  const setLogoutOpen = (open: boolean) => {
    if (open) setLogoutWanted(true);
    setLogoutOpenState(open);
  };
  const shown = shownUserOf(user, lng);
  const session = useCachedSession();
  const isOperator = session ? isOperatorRole(session.user.role) : false;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      {isDesktop ? <SideNav /> : null}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          component="header"
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
            {isDesktop ? null : (
              <Link component={NavLink} to={paths.home.getHref()} color="inherit" underline="none" sx={{ minWidth: 0 }}>
                <Logo size={28} />
              </Link>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <LanguageSwitcher compact={!isDesktop} />
            <CalendarMenu />
            <ThemeToggle />
            {isDesktop ? (
              <>
                <UserMenu
                  shown={shown}
                  compact={false}
                  isOperator={isOperator}
                  onLogout={() => setLogoutOpen(true)}
                />
                <Button color="inherit" startIcon={<Logout sx={flipInRtl} />} onClick={() => setLogoutOpen(true)}>
                  {t('layout.logout.button')}
                </Button>
              </>
            ) : (
              <>
                <UserMenu
                  shown={shown}
                  compact
                  isOperator={isOperator}
                  onLogout={() => setLogoutOpen(true)}
                />
                <IconButton
                  color="inherit"
                  aria-label={t('layout.logout.button')}
                  title={t('layout.logout.button')}
                  onClick={() => setLogoutOpen(true)}
                >
                  <Logout sx={flipInRtl} />
                </IconButton>
              </>
            )}
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, px: { xs: 2, sm: 3 }, pt: { xs: 2, md: 3 }, pb: { xs: 12, md: 4 }, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
      {isDesktop ? null : <BottomNav />}
      {logoutWanted ? (
        <Suspense fallback={null}>
          <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
