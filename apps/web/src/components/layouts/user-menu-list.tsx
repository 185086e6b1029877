import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Logout from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { profileItems } from '@/config/navigation';
import { paths } from '@/config/paths';
import type { ShownUser } from './app-layout';
import { flipInRtl } from './flip-in-rtl';

/** The header's user menu (see `UserMenu` in `app-layout.tsx`); its own chunk, loaded on first use. */
export default function UserMenuList({
  id,
  labelledBy,
  anchor,
  shown,
  isOperator,
  onClose,
  onLogout,
}: {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  /** Who is signed in (name, or number) as the menu's first line (on a phone, where the button shows only an icon). */
  shown: ShownUser | null;
  isOperator: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {shown !== null ? (
        <MenuItem disabled dir={shown.isName ? 'auto' : 'ltr'} sx={{ justifyContent: 'center', opacity: '1 !important' }}>
          {shown.text}
        </MenuItem>
      ) : null}
      {profileItems.map((item) => {
        const Icon = item.icon;
        return (
          <MenuItem key={item.to} component={NavLink} to={item.to} onClick={onClose}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(item.labelKey)}</ListItemText>
          </MenuItem>
        );
      })}
      {isOperator ? (
        <MenuItem component={NavLink} to={paths.admin.getHref()} onClick={onClose}>
          <ListItemIcon>
            <AdminPanelSettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('layout.user.console')}</ListItemText>
        </MenuItem>
      ) : null}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" sx={flipInRtl} />
        </ListItemIcon>
        <ListItemText>{t('layout.logout.button')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
