import { ACTIVE_CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY } from '@portal/contract/core/constants';
import { CURRENCIES, type Currency } from '@portal/contract/core/money';
import { storedPreference } from './storage';

/** The active currency (SPEC §3): localStorage `activeCurrency`, else the configured default (USDT). */
export const activeCurrencyPreference = storedPreference<Currency>(ACTIVE_CURRENCY_STORAGE_KEY, (raw) =>
  raw && (CURRENCIES as string[]).includes(raw) ? (raw as Currency) : DEFAULT_CURRENCY,
);
