import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { paths } from './paths';

/**
 * The portal's navigation, one list for the desktop side navigation and the mobile bottom
 * navigation. Only pages that exist are listed; each later page adds its entry here.
 */
export interface NavItem {
  /** Translation key of the label. */
  labelKey: string;
  to: string;
  icon: SvgIconComponent;
  /** The item is active on exactly this path (otherwise on the path and below it). */
  end?: boolean;
}

export const navItems: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', to: paths.home.getHref(), icon: DashboardOutlined, end: true },
];
