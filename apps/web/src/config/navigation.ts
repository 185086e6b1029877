import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
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
  /** Other paths under which the item is active too (the profile tab covers every profile page). */
  alsoActiveOn?: readonly string[];
}

const profilePaths = [
  paths.profileMenu.path,
  paths.updateProfile.path,
  paths.changePhone.path,
  paths.twoFactor.path,
  paths.email.path,
  paths.profileKyc.path,
  paths.bankAccounts.path,
  paths.addBankAccount.path,
  paths.userRequests.path,
] as const;

/** A fund's page, its purchase and redemption pages: under the funds tab. */
const fundPaths = [
  paths.fund.path,
  paths.fundPurchase.path,
  paths.fundPurchasePayment.path,
  paths.fundPurchaseOutcome.path,
  paths.fundRedeem.path,
  paths.fundRedeemSuccess.path,
] as const;

/** The side navigation (desktop). */
export const navItems: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', to: paths.home.getHref(), icon: DashboardOutlined, end: true },
  { labelKey: 'nav.funds', to: paths.funds.getHref(), icon: ShowChartOutlined, alsoActiveOn: fundPaths },
  { labelKey: 'nav.wallet', to: paths.wallet.getHref(), icon: AccountBalanceWalletOutlined },
  { labelKey: 'nav.tetherTrading', to: paths.tetherTrading.getHref(), icon: CurrencyExchangeOutlined },
  { labelKey: 'nav.transactions', to: paths.transactions.getHref(), icon: ReceiptLongOutlined },
  {
    labelKey: 'nav.profile',
    to: paths.updateProfile.getHref(),
    icon: ManageAccountsOutlined,
    alsoActiveOn: [
      paths.changePhone.path,
      paths.profileMenu.path,
      paths.profileKyc.path,
      paths.bankAccounts.path,
      paths.addBankAccount.path,
    ],
  },
];

/** The bottom navigation (phone): the profile tab opens the profile menu. */
export const bottomNavItems: readonly NavItem[] = [
  { labelKey: 'nav.dashboard', to: paths.home.getHref(), icon: DashboardOutlined, end: true },
  { labelKey: 'nav.funds', to: paths.funds.getHref(), icon: ShowChartOutlined, alsoActiveOn: fundPaths },
  {
    labelKey: 'nav.wallet',
    to: paths.wallet.getHref(),
    icon: AccountBalanceWalletOutlined,
    alsoActiveOn: [paths.transactions.path],
  },
  { labelKey: 'nav.tetherTrading', to: paths.tetherTrading.getHref(), icon: CurrencyExchangeOutlined },
  { labelKey: 'nav.profile', to: paths.profileMenu.getHref(), icon: PersonOutline, alsoActiveOn: profilePaths },
];

/**
 * The profile pages, listed by the mobile profile menu (`/profile-m`) and the header's user
 * menu. Labels are short and live in the main namespace (the header needs them).
 */
export const profileItems: readonly NavItem[] = [
  { labelKey: 'nav.accountOverview', to: paths.updateProfile.getHref(), icon: ManageAccountsOutlined, end: true },
  { labelKey: 'nav.kyc', to: paths.profileKyc.getHref(), icon: VerifiedUserOutlined },
  {
    labelKey: 'nav.bankAccounts',
    to: paths.bankAccounts.getHref(),
    icon: AccountBalanceOutlined,
    alsoActiveOn: [paths.addBankAccount.path],
  },
  { labelKey: 'nav.userRequests', to: paths.userRequests.getHref(), icon: PendingActionsOutlined },
  { labelKey: 'nav.twoFactor', to: paths.twoFactor.getHref(), icon: PhonelinkLockOutlined },
  { labelKey: 'nav.email', to: paths.email.getHref(), icon: AlternateEmailOutlined },
  { labelKey: 'nav.changePhone', to: paths.changePhone.getHref(), icon: PhoneIphoneOutlined },
];
