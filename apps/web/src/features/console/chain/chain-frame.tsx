import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TETHER_NETWORK_KEYS } from '@portal/contract/tether/chain';
import { paths } from '@/config/paths';
import { ConsolePage } from '../shell/console-page';
import { useNetworkName } from './chain-labels';

export const CHAIN_SECTIONS = ['networks', 'withdrawals', 'deposits', 'reconciliation'] as const;
export type ChainSection = (typeof CHAIN_SECTIONS)[number];

const HREF: Record<ChainSection, string> = {
  networks: paths.adminChain.getHref(),
  withdrawals: paths.adminChainWithdrawals.getHref(),
  deposits: paths.adminChainDeposits.getHref(),
  reconciliation: paths.adminChainReconciliation.getHref(),
};

/**
 * A page of the chain desk: its title, the desk's sections as tabs that are links (each section is a page
 * with its own address and filters), then the section.
 */
export function ChainFrame({
  section,
  actions,
  children,
}: {
  section: ChainSection;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <ConsolePage title={t(`chain.sections.${section}`)} actions={actions}>
      <Tabs
        value={section}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('chain.sectionsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {CHAIN_SECTIONS.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`chain.tabs.${s}`)}
            component={RouterLink}
            to={HREF[s]}
            aria-current={s === section ? 'page' : undefined}
          />
        ))}
      </Tabs>
      {children}
    </ConsolePage>
  );
}

/** A filter of a list: every value, or one (the address keeps it). */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A value of the address among allowed ones, else the fallback. */
export function oneOf<V extends string>(allowed: readonly V[], raw: string | null, fallback: V): V {
  return (allowed as readonly string[]).includes(raw ?? '') ? (raw as V) : fallback;
}

/** The values of a list's network filter: every network, or one. */
export const NETWORK_FILTERS = ['all', ...TETHER_NETWORK_KEYS] as const;
export type NetworkFilterValue = (typeof NETWORK_FILTERS)[number];

/** The network filter of a list of the desk (`id` its field's). */
export function NetworkFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: NetworkFilterValue;
  onChange: (value: NetworkFilterValue) => void;
}) {
  const { t } = useTranslation('admin');
  const networkName = useNetworkName();
  return (
    <FilterSelect
      id={id}
      label={t('chain.filters.network')}
      value={value}
      options={NETWORK_FILTERS.map((n) => ({
        value: n,
        label: n === 'all' ? t('chain.filters.allNetworks') : networkName(n),
      }))}
      onChange={onChange}
    />
  );
}
