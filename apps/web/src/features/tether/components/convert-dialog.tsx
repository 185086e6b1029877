import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRADE_FIATS, type TetherMarket, type TetherPrice } from '@portal/contract/tether/market';
import type { TradeFiat, TradeSide } from '@portal/contract/tether/pricing';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { useErrorMessage } from '@/lib/error-message';
import { useWallets } from '@/lib/queries/wallets';
import { useLiveTetherPrice } from '@/lib/realtime';
import { useTetherMarket } from '../api/get-tether-market';
import { isLive, paidCurrency, shareOf, sidePrice, tomanInFiat } from '../trade-math';
import { useTradeForm } from '../use-trade-form';
import { useTradeFormat } from '../use-trade-format';
import { useTradeQuote, type TradeFlow } from '../use-trade-quote';
import { TradeAmountField } from './amount-field';
import { ChoiceGroup } from './choice-group';
import { kycLevelOf, KycNotice } from './kyc-notice';
import { DemoChip } from './market-panel';
import { QuoteReview } from './quote-review';
import { TradeDone } from './trade-done';
import { TradeEstimate } from './trade-estimate';
import { TradeFigures } from './trade-figures';
import { TradingPaused } from './trading-paused';

/** The wallet a conversion starts from: toman or rial to tether, or tether to toman or rial. */
export type ConvertFrom = 'IRT' | 'IRR' | 'USDT';

/** The shares of the balance offered as shortcuts. */
export const BALANCE_SHARES = [25, 50, 75, 100] as const;

/**
 * The conversion form: the amount of the wallet converted from (with «select all» and 25/50/75/100 % of
 * the available balance), and for tether the fiat to receive; the live price, the fee and what the amount
 * comes to; «get quote» asks the price that holds.
 */
function ConvertForm({
  side,
  fiat,
  onFiatChange,
  market,
  price,
  available,
  flow,
  onCancel,
}: {
  side: TradeSide;
  fiat: TradeFiat;
  onFiatChange: (fiat: TradeFiat) => void;
  market: TetherMarket;
  price: TetherPrice;
  available: string | null;
  flow: TradeFlow;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const errorMessage = useErrorMessage();
  const shape = { side, fiat, amountOf: 'pay' as const };
  const paid = paidCurrency(side, fiat);
  const rials = sidePrice(price, side);
  const form = useTradeForm({
    shape,
    available,
    price: rials,
    market,
    onSubmit: (amount) => flow.ask({ ...shape, amount }),
    isPending: flow.isQuoting,
    error: flow.askError,
  });
  const paidName = t(`translation:currency.${paid}`);

  return (
    <Box component="form" noValidate onSubmit={form.submit} aria-label={t('convert.formLabel')}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
        {side === 'sell' ? (
          <ChoiceGroup
            label={t('convert.to')}
            value={fiat}
            options={TRADE_FIATS.map((f) => ({ value: f, label: t(`translation:currency.${f}`) }))}
            onChange={onFiatChange}
          />
        ) : null}

        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TradeFigures
            label={t('price.title')}
            rows={[rials !== null && { label: t('price.live'), value: <bdi>{fmt.price(rials, fiat)}</bdi> }]}
          />
          <Box sx={{ alignSelf: 'flex-start' }}>
            <DemoChip price={price} />
          </Box>
        </Box>

        <Typography variant="body2">
          {t('form.balance', {
            currency: paidName,
            amount: available === null ? '…' : fmt.money(available, paid, true),
          })}
        </Typography>

        <TradeAmountField
          id="convert-amount"
          label={t(`convert.amount.${side}`, { currency: paidName })}
          hint={t('form.hint', {
            min: fmt.money(tomanInFiat(market.minTradeToman, fiat), fiat),
          })}
          form={form}
          disabled={flow.isQuoting}
          endAdornment={
            <InputAdornment position="end">
              <Button
                size="small"
                disabled={available === null || flow.isQuoting}
                onClick={() => available !== null && form.fill(shareOf(available, paid, 100))}
              >
                {t('convert.selectAll')}
              </Button>
            </InputAdornment>
          }
        />

        <Box role="group" aria-label={t('convert.shares')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {BALANCE_SHARES.map((share) => (
            <Button
              key={share}
              size="small"
              variant="outlined"
              disabled={available === null || flow.isQuoting}
              onClick={() => available !== null && form.fill(shareOf(available, paid, share))}
              aria-label={t('convert.share', { percent: fmt.percent(share / 100) })}
              sx={{ minWidth: 0, flex: '1 1 0' }}
            >
              {fmt.percent(share / 100)}
            </Button>
          ))}
        </Box>

        <TradeEstimate shape={shape} estimate={form.estimate} feeBps={market.feeBps} />
        {flow.askError ? <FormError message={errorMessage(flow.askError)} /> : null}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onCancel}>
          {t('convert.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={flow.isQuoting}>
          {t('convert.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** One opening of the modal: its market, price and balances; the flow is the modal's. */
function ConvertContent({ from, flow, onClose }: { from: ConvertFrom; flow: TradeFlow; onClose: () => void }) {
  const side: TradeSide = from === 'USDT' ? 'sell' : 'buy';
  const [fiat, setFiat] = useState<TradeFiat>(from === 'USDT' ? 'IRT' : from);
  /** Bumped after a trade: the next one starts from an empty form. */
  const [round, setRound] = useState(0);
  const market = useTetherMarket();
  const live = useLiveTetherPrice();
  const wallets = useWallets();

  if (market.isPending)
    return (
      <DialogContent>
        <Skeleton variant="rounded" height={240} />
      </DialogContent>
    );
  if (market.isError)
    return (
      <DialogContent>
        <ErrorState error={market.error} onRetry={() => void market.refetch()} isRetrying={market.isFetching} />
      </DialogContent>
    );
  const m = market.data;
  const price = live.data && live.data.seq >= m.price.seq ? live.data : m.price;
  if (m.kycLevel < m.requiredKycLevel)
    return (
      <DialogContent>
        <KycNotice level={kycLevelOf(m.requiredKycLevel)} onPrompt={onClose} />
      </DialogContent>
    );
  if (flow.trade)
    return (
      <TradeDone
        trade={flow.trade}
        onAgain={() => {
          flow.close();
          setRound((r) => r + 1);
        }}
        onLeave={onClose}
      />
    );
  if (flow.quote) return <QuoteReview flow={flow} quote={flow.quote} onBack={flow.close} />;
  if (!isLive(price))
    return (
      <DialogContent>
        <TradingPaused status={price.status === 'live' ? 'unavailable' : price.status} />
      </DialogContent>
    );
  const available = wallets.data?.items.find((w) => w.currency === paidCurrency(side, fiat))?.available ?? null;
  return (
    <ConvertForm
      key={`${fiat}-${round}`}
      side={side}
      fiat={fiat}
      onFiatChange={setFiat}
      market={m}
      price={price}
      available={available}
      flow={flow}
      onCancel={onClose}
    />
  );
}

/**
 * The wallet's conversion modal (SPEC §2 "Wallet"): toman or rial to tether from their cards, tether to
 * toman or rial from its card; the same quote and trade as the trading page (`useTradeQuote`, the review
 * with its countdown, the trade done). `from` null closes it; it cannot be closed while a trade is being
 * executed. The wallet page gets it from its route (features do not import each other).
 */
export default function ConvertDialog({ from, onClose }: { from: ConvertFrom | null; onClose: () => void }) {
  const { t } = useTranslation('tether');
  const titleId = useId();
  const flow = useTradeQuote();
  // The last wallet stays while the modal fades out; each opening starts afresh (a new key).
  const [shown, setShown] = useState<{ from: ConvertFrom; open: boolean; opening: number } | null>(null);
  if (from !== null && (!shown?.open || shown.from !== from))
    setShown({ from, open: true, opening: (shown?.opening ?? 0) + 1 });
  if (from === null && shown?.open) setShown({ ...shown, open: false });

  const close = () => {
    if (flow.isExecuting) return;
    flow.close();
    onClose();
  };
  return (
    <Dialog open={from !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {shown ? (
        <>
          <DialogTitle id={titleId}>
            {shown.from === 'USDT'
              ? t('convert.title.USDT')
              : t('convert.title.fiat', { currency: t(`translation:currency.${shown.from}`) })}
          </DialogTitle>
          <ConvertContent key={shown.opening} from={shown.from} flow={flow} onClose={close} />
        </>
      ) : null}
    </Dialog>
  );
}
