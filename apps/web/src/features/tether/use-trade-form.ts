import { useCallback, useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SCALE } from '@portal/contract/core/money';
import type { TetherMarket } from '@portal/contract/tether/market';
import { useFieldForm } from '@/components/form/use-field-form';
import { useFormat } from '@/hooks/use-format';
import {
  estimateTrade,
  paidCurrency,
  tomanInFiat,
  tradeAmountRule,
  typedCurrency,
  type AmountContext,
  type TradeShape,
} from './trade-math';

/**
 * The amount form of a trade (decision 032's one-field idiom, `useFieldForm`): the amount in the typed
 * currency, checked by `tradeAmountRule` against the balance paid from, the live price and the market's
 * limits, again whenever one of them changes. Submitting calls `onSubmit` with the canonical amount. Also
 * answers the live estimate of what the typed amount trades for, and the error's sentence.
 */
export function useTradeForm({
  shape,
  available,
  price,
  market,
  onSubmit,
  isPending,
  error,
}: {
  shape: TradeShape;
  /** The available balance of the currency paid with; null while unknown. */
  available: string | null;
  /** The side's live price in rials per tether; null without one. */
  price: bigint | null;
  market: TetherMarket;
  onSubmit: (amount: string) => void;
  isPending: boolean;
  error?: unknown;
}) {
  const { t } = useTranslation('tether');
  const fmt = useFormat();
  const { side, fiat, amountOf } = shape;
  const { feeBps, minTradeToman, dailyRemainingToman } = market;
  const rule = useMemo(() => {
    const ctx: AmountContext = {
      side,
      fiat,
      amountOf,
      available,
      price,
      feeBps,
      minToman: minTradeToman,
      remainingToman: dailyRemainingToman,
    };
    return tradeAmountRule(ctx);
  }, [side, fiat, amountOf, available, price, feeBps, minTradeToman, dailyRemainingToman]);

  const field = useFieldForm(rule, { onSubmit, isPending, error });
  const { form } = field;

  // A new balance, price or limit checks what was typed again.
  useEffect(() => {
    if (form.getFieldState('value').isDirty) void form.trigger('value');
  }, [rule, form]);

  const typed = useWatch({ control: form.control, name: 'value' });
  const estimate = /^\d+(\.\d+)?$/.test(typed) ? estimateTrade(shape, typed, price, feeBps) : null;

  const currency = typedCurrency(shape);
  const message = useCallback(
    (key: string): string => {
      const currencyName = t(`translation:currency.${currency}`);
      switch (key) {
        case 'amountDecimals':
          return t('translation:validation.amountDecimals', { scale: fmt.number(CURRENCY_SCALE[currency]) });
        case 'noDecimals':
          return t('form.rules.noDecimals', { currency: currencyName });
        case 'overBalance':
          return t('form.rules.overBalance', {
            available: fmt.money(available ?? '0', paidCurrency(side, fiat)),
          });
        case 'tooSmall':
          return t('form.rules.tooSmall');
        case 'belowMin':
          return t('form.rules.belowMin', { min: fmt.money(tomanInFiat(minTradeToman, fiat), fiat) });
        case 'overDaily':
          return t('form.rules.overDaily', { remaining: fmt.money(tomanInFiat(dailyRemainingToman, fiat), fiat) });
        default:
          return t(`translation:validation.${key}`);
      }
    },
    [t, fmt, currency, available, side, fiat, minTradeToman, dailyRemainingToman],
  );

  /** Fills the field as if typed (a balance, a share of it): touched and checked at once. */
  const fill = useCallback(
    (value: string) => form.setValue('value', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }),
    [form],
  );
  const clear = useCallback(() => form.reset({ value: '' }), [form]);

  return {
    ...field,
    typed,
    estimate,
    currency,
    /** The error's sentence, when one shows. */
    errorText: field.rule ? message(field.rule) : undefined,
    fill,
    clear,
  };
}
