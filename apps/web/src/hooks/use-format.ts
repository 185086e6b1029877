import { useMemo } from 'react';
import type { Currency } from '@portal/contract/core/money';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDate, formatDuration, formatNumber, formatPercent, type DateStyle } from '@/lib/format';
import { formatAmount, type AmountOptions } from '@/lib/format-money';
import { useCalendar } from '@/lib/preferences';
import { useLanguage } from './use-language';

/** The format helpers bound to the user's language and calendar. */
export function useFormat() {
  const { lng } = useLanguage();
  const calendar = useCalendar();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      lng,
      calendar,
      date: (value: Date | string | number, style?: DateStyle) => formatDate(value, lng, calendar, style),
      number: (value: number | bigint, options?: Intl.NumberFormatOptions) => formatNumber(value, lng, options),
      percent: (ratio: number) => formatPercent(ratio, lng),
      duration: (seconds: number) => formatDuration(seconds, lng),
      clock: (seconds: number) => formatClock(seconds, lng),
      amount: (amount: string, currency: Currency, options?: AmountOptions) =>
        formatAmount(amount, currency, lng, options),
      /** An amount followed by the currency's name: `۱٬۲۵۰ تتر`. */
      money: (amount: string, currency: Currency, options?: AmountOptions) =>
        `${formatAmount(amount, currency, lng, options)} ${t(`currency.${currency}`)}`,
    }),
    [lng, calendar, t],
  );
}
