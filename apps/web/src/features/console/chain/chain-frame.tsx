import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TETHER_NETWORK_KEYS } from '@portal/contract/tether/chain';
import { paths } from '@/config/paths';
import { DeskFrame, FilterSelect, oneOf } from '../shell/desk-frame';
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
    <DeskFrame
      title={t(`chain.sections.${section}`)}
      sections={CHAIN_SECTIONS}
      section={section}
      hrefOf={(s) => HREF[s]}
      labelOf={(s) => t(`chain.tabs.${s}`)}
      sectionsLabel={t('chain.sectionsLabel')}
      actions={actions}
    >
      {children}
    </DeskFrame>
  );
}

export { FilterSelect, oneOf };

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
