import Typography from '@mui/material/Typography';
import type { TetherNetworkKey } from '@portal/contract/tether/chain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { pageParam } from '@/lib/page-window';
import { useTetherNetworks } from '@/lib/queries/tether-chain';
import { useAccount } from '@/lib/session';
import { DepositAddressPanel } from './deposit-address-panel';
import { DepositList } from './deposit-list';
import { NetworkPicker } from './network-picker';
import { SandboxNotice } from './sandbox-notice';

/**
 * `/wallet/deposit/usdt?network=&page=` (SPEC §2 "Tether deposit"; issue 18): choose the network (one closed
 * for deposits is shown disabled with the operators' reason), create my address on it, see it with its QR
 * code, a copy button and the warnings; below, my deposits with their confirmations, read again while one
 * is confirming. The chosen network and the list's page live in the address.
 */
export default function TetherDepositScreen() {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const account = useAccount();
  const networks = useTetherNetworks();
  const page = pageParam(params.get('page'));
  const items = networks.data?.items;
  const chosen =
    items?.find((n) => n.network === params.get('network')) ?? items?.find((n) => n.depositEnabled) ?? items?.[0];
  const hrefOf = (query: { network?: string; page?: number }) =>
    paths.walletDepositUsdt.getHref({ network: params.get('network') ?? undefined, page, ...query });
  const choose = (network: TetherNetworkKey) => void navigate(hrefOf({ network }), { replace: true });

  return (
    <PageShell title={t('deposit.pageTitle')} backTo={paths.wallet.getHref()}>
      <SandboxNotice networks={items} />
      <Section id="deposit-network" title={t('deposit.network.title')}>
        {networks.isPending ? (
          <SectionLoading />
        ) : networks.isError ? (
          <ErrorState error={networks.error} onRetry={() => void networks.refetch()} isRetrying={networks.isFetching} />
        ) : networks.data.items.length === 0 ? (
          <Typography color="text.secondary">{t('deposit.network.none')}</Typography>
        ) : (
          <NetworkPicker
            name="deposit-network"
            legend={t('deposit.network.legend')}
            networks={networks.data.items}
            direction="deposit"
            value={chosen?.network ?? ''}
            onChange={choose}
            detail={(n) =>
              t('deposit.network.detail', {
                min: fmt.money(n.minDeposit, 'USDT'),
                n: fmt.number(n.confirmations),
              })
            }
          />
        )}
      </Section>

      {chosen ? (
        <Section id="deposit-address" title={t('deposit.address.title', { network: t(`networks.${chosen.network}`) })}>
          <DepositAddressPanel view={chosen} kycLevel={account.data?.user.kycLevel} />
        </Section>
      ) : null}

      <Section id="deposit-list" title={t('deposit.list.title')}>
        <DepositList page={page} networks={items} hrefOf={(n) => hrefOf({ page: n })} />
      </Section>
    </PageShell>
  );
}
