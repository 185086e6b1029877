import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LogoutDialog } from '@/components/logout-dialog';
import { profileItems } from '@/config/navigation';
import { useLanguage } from '@/hooks/use-language';
import { displayMobile } from '@/lib/format';
import { useAccount } from '@/lib/session';
import { PageShell } from '@/components/layouts/page-shell';

/** The chevron points to where the page opens: left in right-to-left, right in left-to-right. */
const chevron = { '[dir="ltr"] &': { transform: 'scaleX(-1)' } } as const;
const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** `/profile-m`: the profile menu of the phone layout, listing every profile page, and logout. */
export default function ProfileMenuScreen() {
  const { t } = useTranslation('account');
  const { lng } = useLanguage();
  const user = useAccount().data?.user;
  const [logoutOpen, setLogoutOpen] = useState(false);
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <PageShell title={t('menu.title')}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {name ? <Typography sx={{ fontWeight: 700 }}>{name}</Typography> : null}
        <Typography color="text.secondary">
          {t('menu.signedInAs')} <span dir="ltr">{displayMobile(user.mobile, lng)}</span>
        </Typography>
      </Paper>
      <Paper variant="outlined">
        <Box component="nav" aria-label={t('menu.title')}>
          <List disablePadding>
            {profileItems.map((item) => {
              const Icon = item.icon;
              return (
                <ListItem key={item.to} disablePadding divider>
                  <ListItemButton component={NavLink} to={item.to} sx={{ py: 1.5 }}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={t(`translation:${item.labelKey}`)} />
                    <ChevronLeft sx={chevron} color="action" aria-hidden="true" />
                  </ListItemButton>
                </ListItem>
              );
            })}
            <ListItem disablePadding>
              <ListItemButton onClick={() => setLogoutOpen(true)} sx={{ py: 1.5, color: 'error.main' }}>
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                  <Logout sx={flipInRtl} />
                </ListItemIcon>
                <ListItemText primary={t('translation:layout.logout.button')} />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
      </Paper>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </PageShell>
  );
}
