import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TRADE_FIATS, type TetherMarket, type TetherPrice } from '@portal/contract/tether/market';
import type { TradeFiat, TradeSide } from '@portal/contract/tether/pricing';
import { FormError } from '@/components/form/form-error';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { paidCurrency, sidePrice, tomanInFiat, typedCurrency, wholeBalance, type AmountOf } from '../trade-math';
import { useTradeForm } from '../use-trade-form';
import { useTradeFormat } from '../use-trade-format';
import type { TradeFlow } from '../use-trade-quote';
import { TradeAmountField } from './amount-field';
import { ChoiceGroup } from './choice-group';
import { TradeEstimate } from './trade-estimate';

/** Where «increase wallet balance» leads: the toman deposit, back to this page afterwards. */
const depositHref = () => paths.walletDeposit.getHref({ type: 'gateway', returnTo: paths.tetherTrading.getHref() });

/**
 * The trading page's form for one side (SPEC §2 "Tether trading"): the fiat (toman by default, or rial),
 * which amount the user types (what they pay or what they receive), the balance paid from with «use wallet
 * balance» and «increase wallet balance», the amount, and what it comes to at the live price; «get quote»
 * asks the server for the price that holds.
 */
export function TradeForm({
  side,
  fiat,
  onFiatChange,
  market,
  price,
  available,
  flow,
}: {
  side: TradeSide;
  fiat: TradeFiat;
  onFiatChange: (fiat: TradeFiat) => void;
  market: TetherMarket;
  price: TetherPrice;
  /** The available balance of the currency paid with; null while unknown. */
  available: string | null;
  flow: TradeFlow;
}) {
  const { t } = useTranslation('tether');
  const fmt = useTradeFormat();
  const errorMessage = useErrorMessage();
  const [amountOf, setAmountOf] = useState<AmountOf>('pay');
  const shape = { side, fiat, amountOf };
  const paid = paidCurrency(side, fiat);
  const form = useTradeForm({
    shape,
    available,
    price: sidePrice(price, side),
    market,
    onSubmit: (amount) => flow.ask({ side, fiat, amountOf, amount }),
    isPending: flow.isQuoting,
    error: flow.askError,
  });
  const fiatName = t(`translation:currency.${fiat}`);

  const changeAmountOf = (next: AmountOf) => {
    setAmountOf(next);
    form.clear();
  };
  const fillBalance = () => {
    if (available === null) return;
    setAmountOf('pay');
    form.fill(wholeBalance(available, paid));
  };

  return (
    <Stack component="form" noValidate spacing={2.5} aria-label={t(`form.label.${side}`)} onSubmit={form.submit}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 2 }}>
        <ChoiceGroup
          label={t('form.fiat')}
          value={fiat}
          options={TRADE_FIATS.map((f) => ({ value: f, label: t(`translation:currency.${f}`) }))}
          onChange={(next) => {
            onFiatChange(next);
            // A typed toman amount means nothing in rial: start again.
            if (typedCurrency(shape) !== 'USDT') form.clear();
          }}
        />
        <ChoiceGroup
          label={t('form.amountOf.label')}
          value={amountOf}
          options={[
            { value: 'pay', label: t('form.amountOf.pay') },
            { value: 'receive', label: t('form.amountOf.receive') },
          ]}
          onChange={changeAmountOf}
        />
      </Box>

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 1,
          rowGap: 0.5,
        }}
      >
        <Typography variant="body2">
          {t('form.balance', {
            currency: t(`translation:currency.${paid}`),
            amount: available === null ? '…' : fmt.money(available, paid, true),
          })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button size="small" onClick={fillBalance} disabled={available === null}>
            {t('form.useBalance')}
          </Button>
          {paid === 'IRT' ? (
            <Button size="small" component={RouterLink} to={depositHref()} startIcon={<AddCircleOutline />}>
              {t('form.increaseBalance')}
            </Button>
          ) : null}
        </Box>
      </Box>

      <TradeAmountField
        id={`tether-${side}-amount`}
        label={t(`form.amount.${side}.${amountOf}`, { currency: fiatName })}
        hint={t('form.hint', { min: fmt.money(tomanInFiat(market.minTradeToman, fiat), fiat) })}
        form={form}
        disabled={flow.isQuoting}
      />

      <TradeEstimate shape={shape} estimate={form.estimate} feeBps={market.feeBps} />

      {flow.askError ? <FormError message={errorMessage(flow.askError)} /> : null}

      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={flow.isQuoting}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 180 }}
      >
        {t(`form.submit.${side}`)}
      </Button>
    </Stack>
  );
}
