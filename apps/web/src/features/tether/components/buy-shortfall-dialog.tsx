import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toMinor } from '@portal/contract/core/money';
import { TRADE_FIATS, type TetherMarket, type TetherPrice, type TetherTrade } from '@portal/contract/tether/market';
import { tradeValueToman, type TradeFiat } from '@portal/contract/tether/pricing';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useWallets } from '@/lib/queries/wallets';
import { useLiveTetherPrice } from '@/lib/realtime';
import { useTetherMarket } from '../api/get-tether-market';
import { isLive, planShortfallBuy, sidePrice, tomanInFiat, type ShortfallBuy } from '../trade-math';
import { useTradeFormat } from '../use-trade-format';
import { useTradeQuote, type TradeFlow } from '../use-trade-quote';
import { ChoiceGroup } from './choice-group';
import { kycLevelOf, KycNotice } from './kyc-notice';
import { QuoteReview } from './quote-review';
import { TradeFigures } from './trade-figures';
import { TradingPaused } from './trading-paused';

/** What the page buying something in tether gives the step (the fund purchase, composed by its route). */
export interface BuyShortfallProps {
  /** The tether the wallet lacks (a canonical decimal), or null: the step is closed. */
  missing: string | null;
  /** Where «increase toman balance» comes back to (the purchase, its amount in the address). */
  returnTo?: string;
  /** Back to what the tether was for, nothing bought. */
  onClose: () => void;
  /** The tether was bought: back to what it was for. */
  onBought: (trade: TetherTrade) => void;
  /** What the tether is for, in the step's texts: a fund purchase (the default) or a basket's payment. */
  purpose?: 'fund' | 'basket';
}

/** Why the step cannot ask for the quote as planned, before asking. */
type Block = { kind: 'overBalance'; available: string; cost: bigint } | { kind: 'overDaily' } | null;

function blockOf(plan: ShortfallBuy, fiat: TradeFiat, available: string | null, market: TetherMarket): Block {
  const { estimate } = plan;
  if (!estimate) return null;
  if (available !== null && estimate.fiat > toMinor(available, fiat, 'down'))
    return { kind: 'overBalance', available, cost: estimate.fiat };
  if (tradeValueToman('buy', fiat, estimate) > toMinor(market.dailyRemainingToman, 'IRT', 'down'))
    return { kind: 'overDaily' };
  return null;
}

/** The shortfall under the market's minimum: the least trade is offered instead, and says so. */
function BelowMinNotice({
  missing,
  amount,
  fiat,
  market,
}: {
  missing: string;
  amount: string;
  fiat: TradeFiat;
  market: TetherMarket;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  return (
    <Alert severity="warning" role="status">
      {t('shortfall.belowMin', {
        missing: fmt.money(missing, 'USDT', true),
        min: fmt.money(tomanInFiat(market.minTradeToman, fiat), fiat),
        amount: fmt.money(amount, 'USDT', true),
      })}
    </Alert>
  );
}

/**
 * The step's first screen: the tether missing, the fiat it is bought with (toman, or rial), what it comes to
 * at the live price (or the least trade instead, saying so), the balance paid from; «get quote» asks the
 * house for a quote to receive exactly that much tether.
 */
function ShortfallRequest({
  missing,
  fiat,
  onFiatChange,
  market,
  price,
  available,
  returnTo,
  flow,
  onClose,
  purpose,
}: {
  missing: string;
  fiat: TradeFiat;
  onFiatChange: (fiat: TradeFiat) => void;
  market: TetherMarket;
  price: TetherPrice;
  available: string | null;
  returnTo: string | undefined;
  flow: TradeFlow;
  onClose: () => void;
  purpose: BuyShortfallProps['purpose'];
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const errorMessage = useErrorMessage();
  const rials = sidePrice(price, 'buy');
  const plan = planShortfallBuy({ missing, fiat, price: rials, feeBps: market.feeBps, minToman: market.minTradeToman });
  const block = blockOf(plan, fiat, available, market);
  const fiatName = t(`translation:currency.${fiat}`);
  const approx = (amount: bigint, currency: TradeFiat) =>
    t('form.estimate.approx', { amount: fmt.minor(amount, currency) });
  const ask = () => {
    if (block === null) flow.ask({ side: 'buy', fiat, amountOf: 'receive', amount: plan.amount });
  };

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
        <Typography>{t('shortfall.text', { missing: fmt.money(missing, 'USDT', true) })}</Typography>
        <ChoiceGroup
          label={t('shortfall.payWith')}
          value={fiat}
          options={TRADE_FIATS.map((f) => ({ value: f, label: t(`translation:currency.${f}`) }))}
          onChange={onFiatChange}
          disabled={flow.isQuoting}
        />
        {plan.belowMin ? <BelowMinNotice missing={missing} amount={plan.amount} fiat={fiat} market={market} /> : null}
        <TradeFigures
          label={t('shortfall.figures')}
          rows={[
            { label: t('shortfall.receive'), value: <bdi>{fmt.money(plan.amount, 'USDT', true)}</bdi>, strong: true },
            rials !== null && { label: t('price.live'), value: <bdi>{fmt.price(rials, fiat)}</bdi> },
            {
              label: t('form.estimate.pay'),
              value: <bdi>{plan.estimate ? approx(plan.estimate.fiat, fiat) : '—'}</bdi>,
            },
            {
              label: t('form.estimate.fee', { percent: fmt.fee(market.feeBps) }),
              value: <bdi>{plan.estimate ? approx(plan.estimate.fee, fiat) : '—'}</bdi>,
            },
          ]}
        />
        <Typography variant="body2">
          {t('form.balance', {
            currency: fiatName,
            amount: available === null ? '…' : fmt.money(available, fiat),
          })}
        </Typography>
        {block?.kind === 'overBalance' ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <FormError
              message={t('shortfall.overBalance', {
                currency: fiatName,
                available: fmt.money(block.available, fiat),
                cost: fmt.minor(block.cost, fiat),
              })}
            />
            {fiat === 'IRT' ? (
              <Link
                component={RouterLink}
                to={paths.walletDeposit.getHref({ type: 'gateway', ...(returnTo ? { returnTo } : {}) })}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('form.increaseBalance')}
              </Link>
            ) : null}
          </Box>
        ) : block?.kind === 'overDaily' ? (
          <FormError
            message={t('form.rules.overDaily', {
              remaining: fmt.money(tomanInFiat(market.dailyRemainingToman, fiat), fiat),
            })}
          />
        ) : null}
        {flow.askError ? <FormError message={errorMessage(flow.askError)} /> : null}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onClose}>
          {t('shortfall.back', { context: purpose })}
        </Button>
        <Button variant="contained" onClick={ask} loading={flow.isQuoting} disabled={block !== null}>
          {t('shortfall.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

/** One opening of the step: its market, price and balances; the flow is the dialog's. */
function ShortfallContent({
  missing,
  returnTo,
  flow,
  onClose,
  purpose,
}: {
  missing: string;
  returnTo: string | undefined;
  flow: TradeFlow;
  onClose: () => void;
  purpose: BuyShortfallProps['purpose'];
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const [fiat, setFiat] = useState<TradeFiat>('IRT');
  const market = useTetherMarket();
  const live = useLiveTetherPrice();
  const wallets = useWallets();

  if (flow.trade)
    return (
      <DialogContent>
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 2 }}>
          <CheckCircleOutline color="success" aria-hidden="true" sx={{ fontSize: 48 }} />
          <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{t('done.title.buy')}</Typography>
        </Box>
      </DialogContent>
    );
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
  if (m.kycLevel < m.requiredKycLevel)
    return (
      <DialogContent>
        <KycNotice level={kycLevelOf(m.requiredKycLevel)} onPrompt={onClose} />
      </DialogContent>
    );
  if (flow.quote) {
    const asked = flow.request?.amount ?? missing;
    return (
      <QuoteReview
        flow={flow}
        quote={flow.quote}
        onBack={flow.close}
        intro={
          asked === missing ? (
            <Typography variant="body2" color="text.secondary">
              {t('shortfall.quoteFor', { missing: fmt.money(missing, 'USDT', true), context: purpose })}
            </Typography>
          ) : (
            <BelowMinNotice missing={missing} amount={asked} fiat={flow.quote.fiat} market={m} />
          )
        }
      />
    );
  }
  const price = live.data && live.data.seq >= m.price.seq ? live.data : m.price;
  if (!isLive(price))
    return (
      <>
        <DialogContent>
          <TradingPaused status={price.status === 'live' ? 'unavailable' : price.status} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('shortfall.back', { context: purpose })}
          </Button>
        </DialogActions>
      </>
    );
  const available = wallets.data?.items.find((w) => w.currency === fiat)?.available ?? null;
  return (
    <ShortfallRequest
      missing={missing}
      fiat={fiat}
      onFiatChange={(next) => {
        flow.close();
        setFiat(next);
      }}
      market={m}
      price={price}
      available={available}
      returnTo={returnTo}
      flow={flow}
      onClose={onClose}
      purpose={purpose}
    />
  );
}

/**
 * «Buy the missing tether first» (issue 17): a step of a purchase paid in tether (a crypto fund's) when the
 * tether wallet holds less than the amount. A quote to receive exactly the tether missing — bought with toman
 * by default, or rial — through the trading page's own flow (`useTradeQuote`: the countdown, a new quote when
 * it runs out, one idempotency key per confirmation); under the market's minimum, the least trade instead,
 * saying so. Once the trade is done `onBought` takes the user back to the purchase (the wallets are read
 * again by the trade itself); a refusal is shown and nothing is bought. It cannot be closed while the trade is
 * being executed. The page gets it from its route (features do not import each other).
 */
export default function BuyShortfallDialog({ missing, returnTo, onClose, onBought, purpose }: BuyShortfallProps) {
  const { t } = useTranslation('tether');
  const titleId = useId();
  const flow = useTradeQuote({ onTraded: onBought });
  // The last shortfall stays while the dialog fades out; each opening starts afresh (a new key).
  const [shown, setShown] = useState<{ missing: string; open: boolean; opening: number } | null>(null);
  if (missing !== null && (!shown?.open || shown.missing !== missing))
    setShown({ missing, open: true, opening: (shown?.opening ?? 0) + 1 });
  if (missing === null && shown?.open) setShown({ ...shown, open: false });

  const close = () => {
    if (flow.isExecuting) return;
    flow.close();
    onClose();
  };
  return (
    <Dialog
      open={missing !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      // A trade done stays on screen while the dialog fades; the next opening starts from nothing.
      slotProps={{ transition: { onExited: () => flow.close() } }}
    >
      {shown ? (
        <>
          <DialogTitle id={titleId}>{t('shortfall.title')}</DialogTitle>
          <ShortfallContent
            key={shown.opening}
            missing={shown.missing}
            returnTo={returnTo}
            flow={flow}
            onClose={close}
            purpose={purpose}
          />
        </>
      ) : null}
    </Dialog>
  );
}
