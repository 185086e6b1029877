import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OfflineDeposit } from '@portal/contract/wallet/offline-deposits';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { paths, safeNext } from '@/config/paths';
import type { GatewayReturn as Return } from '../api/verify-gateway-deposit';
import { DepositById } from './deposit-by-id';
import { GatewayDeposit } from './gateway-deposit';
import { GatewayReturn } from './gateway-return';
import { OfflineDepositDone } from './offline-deposit-done';
import { OfflineDepositForm } from './offline-deposit-form';

const TABS = ['id', 'gateway', 'offline'] as const;
type DepositTab = (typeof TABS)[number];

/** The return from the gateway in the address (`depositId`, `Authority`, `Status`), when it is complete. */
function gatewayReturnOf(params: URLSearchParams): Return | null {
  const depositId = params.get('depositId');
  const authority = params.get('Authority');
  const status = params.get('Status');
  if (!depositId || !authority || (status !== 'OK' && status !== 'NOK')) return null;
  return { depositId, authority, status };
}

/**
 * `/wallet/deposit?walletId=&type=&returnTo=` (SPEC §2 "Deposit", toman): the deposit types as tabs, by payment
 * ID (decision 020), bank gateway (the default) and offline. The gateway sends the payer back here
 * with `depositId`, `Authority` and `Status`: the page then shows the payment's outcome. The way back leads
 * to `returnTo` when a page sent the user here to add money (the tether trading page), else to the wallet.
 */
export default function DepositScreen({ navigate }: { navigate?: (url: string) => void }) {
  const { t } = useTranslation('deposit');
  const [params, setParams] = useSearchParams();
  const walletId = params.get('walletId') ?? undefined;
  const returnTo = params.get('returnTo');
  // Only a path of this site is followed back (`safeNext`), never an address from elsewhere.
  const back = returnTo ? safeNext(returnTo) : paths.wallet.getHref(walletId ? { walletId } : undefined);
  const returned = gatewayReturnOf(params);
  const asked = params.get('type');
  const tab: DepositTab = asked === 'offline' || asked === 'id' ? asked : 'gateway';
  const [declared, setDeclared] = useState<OfflineDeposit | null>(null);

  if (returned)
    return (
      <PageShell title={t('return.pageTitle')} backTo={back}>
        <Section id="deposit-return" title={t('return.sectionTitle')}>
          <GatewayReturn value={returned} walletId={walletId} />
        </Section>
      </PageShell>
    );

  return (
    <PageShell title={t('pageTitle')} backTo={back}>
      <Tabs
        value={tab}
        onChange={(_, next: DepositTab) =>
          setParams(
            (p) => {
              p.set('type', next);
              return p;
            },
            { replace: true },
          )
        }
        variant="fullWidth"
        aria-label={t('tabs.label')}
      >
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`tabs.${k}`)} id={`deposit-tab-${k}`} aria-controls={`deposit-panel-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`deposit-panel-${tab}`} aria-labelledby={`deposit-tab-${tab}`}>
        {tab === 'id' ? (
          <Section id="deposit-by-id" title={t('byId.title')}>
            <DepositById />
          </Section>
        ) : tab === 'gateway' ? (
          <Section id="deposit-gateway" title={t('gateway.title')}>
            <GatewayDeposit {...(navigate ? { navigate } : {})} />
          </Section>
        ) : (
          <Section id="deposit-offline" title={t('offline.title')}>
            {declared ? (
              <OfflineDepositDone deposit={declared} onAnother={() => setDeclared(null)} />
            ) : (
              <OfflineDepositForm onDone={setDeclared} />
            )}
          </Section>
        )}
      </Box>
    </PageShell>
  );
}
