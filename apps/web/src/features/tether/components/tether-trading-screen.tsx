import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_SIDES } from '@portal/contract/tether/market';
import type { TradeFiat, TradeSide } from '@portal/contract/tether/pricing';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section } from '@/components/layouts/page-shell';
import { promptKyc } from '@/lib/kyc-required';
import { useWallets } from '@/lib/queries/wallets';
import { useLiveTetherPrice } from '@/lib/realtime';
import { useTetherMarket } from '../api/get-tether-market';
import { isLive, paidCurrency } from '../trade-math';
import { useTradeQuote, type TradeFlow } from '../use-trade-quote';
import { kycLevelOf, KycNotice } from './kyc-notice';
import { MarketPanel } from './market-panel';
import { QuoteReview } from './quote-review';
import { TradeDone } from './trade-done';
import { TradeForm } from './trade-form';
import { TradingPaused } from './trading-paused';

/** The page's shape while the market loads: the tabs, the price and the form, greyed. */
function TradingSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 2.5 }}>
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={150} />
      <Skeleton variant="rounded" height={300} />
    </Box>
  );
}

/** The quote to confirm, then the trade done, over the page. */
function TradeDialog({ flow, onAgain }: { flow: TradeFlow; onAgain: () => void }) {
  const { t } = useTranslation('tether');
  const titleId = useId();
  const { quote, trade } = flow;
  const close = () => {
    if (!flow.isExecuting) flow.close();
  };
  return (
    <Dialog open={quote !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {quote ? (
        <>
          <DialogTitle id={titleId}>{trade ? t('done.dialogTitle') : t(`quote.title.${quote.side}`)}</DialogTitle>
          {trade ? (
            <TradeDone trade={trade} onAgain={onAgain} onLeave={flow.close} />
          ) : (
            <QuoteReview flow={flow} quote={quote} onBack={close} />
          )}
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * `/tether-trading` (SPEC §2 "Tether trading"): buy and sell tabs; the live price of the side (the
 * real-time channel keeps it current), the fee, the minimum and what is left of today's limit; the form;
 * the quote to confirm with its countdown; the trade done. Trading that waits (a stale, paused or missing
 * price) is a calm notice without the form; a user below the KYC level trading needs gets the forced-KYC
 * prompt instead of the form.
 */
export default function TetherTradingScreen() {
  const { t } = useTranslation('tether');
  const [side, setSide] = useState<TradeSide>('buy');
  const [fiat, setFiat] = useState<TradeFiat>('IRT');
  /** Bumped after a trade: the next one starts from an empty form. */
  const [round, setRound] = useState(0);
  const market = useTetherMarket();
  const live = useLiveTetherPrice();
  const wallets = useWallets();
  const flow = useTradeQuote();
  const tabsId = useId();

  const m = market.data;
  const kycNeeded = m && m.kycLevel < m.requiredKycLevel ? m.requiredKycLevel : null;
  // The forced-KYC prompt opens once as the page learns the user cannot trade yet.
  useEffect(() => {
    if (kycNeeded !== null) promptKyc(kycLevelOf(kycNeeded));
  }, [kycNeeded]);

  const title = t('page.title');
  if (market.isPending)
    return (
      <PageShell title={title} wide>
        <TradingSkeleton />
      </PageShell>
    );
  if (market.isError || !m)
    return (
      <PageShell title={title} wide>
        <ErrorState error={market.error} onRetry={() => void market.refetch()} isRetrying={market.isFetching} />
      </PageShell>
    );

  // The stream's price is newer than the market's once it came.
  const price = live.data && live.data.seq >= m.price.seq ? live.data : m.price;
  const available = wallets.data?.items.find((w) => w.currency === paidCurrency(side, fiat))?.available ?? null;
  const tabId = (s: TradeSide) => `${tabsId}-tab-${s}`;
  const panelId = (s: TradeSide) => `${tabsId}-panel-${s}`;

  return (
    <PageShell title={title} wide>
      <Tabs
        value={side}
        onChange={(_e, next: TradeSide) => setSide(next)}
        variant="fullWidth"
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TRADE_SIDES.map((s) => (
          <Tab key={s} value={s} label={t(`tabs.${s}`)} id={tabId(s)} aria-controls={panelId(s)} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={panelId(side)}
        aria-labelledby={tabId(side)}
        sx={{
          display: 'grid',
          gap: 2.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        {isLive(price) ? (
          <MarketPanel price={price} market={m} side={side} fiat={fiat} />
        ) : (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TradingPaused status={price.status === 'live' ? 'unavailable' : price.status} />
          </Box>
        )}
        {kycNeeded !== null ? (
          <KycNotice level={kycNeeded} />
        ) : isLive(price) ? (
          <Section id="tether-trade" title={t(`form.title.${side}`)}>
            <TradeForm
              key={`${side}-${round}`}
              side={side}
              fiat={fiat}
              onFiatChange={setFiat}
              market={m}
              price={price}
              available={available}
              flow={flow}
            />
          </Section>
        ) : null}
      </Box>
      <TradeDialog
        flow={flow}
        onAgain={() => {
          flow.close();
          setRound((r) => r + 1);
        }}
      />
      {wallets.isError ? (
        <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} isRetrying={wallets.isFetching} />
      ) : null}
    </PageShell>
  );
}
