import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';

/** Where a refusal of a tether withdrawal shows: on a field of the form, above it, or in the code step. */
export type RefusalPlace = 'network' | 'address' | 'amount' | 'form' | 'code';

const ON_FIELD: Record<string, RefusalPlace> = {
  TETHER_NETWORK_DISABLED: 'network',
  ADDRESS_NOT_WHITELISTED: 'address',
  ADDRESS_IS_PORTAL_DEPOSIT: 'address',
  TETHER_WITHDRAWAL_BELOW_MINIMUM: 'amount',
  TETHER_WITHDRAWAL_ABOVE_MAXIMUM: 'amount',
  TETHER_WITHDRAWAL_DAILY_LIMIT: 'amount',
  INSUFFICIENT_BALANCE: 'amount',
  WITHDRAWAL_HOLD: 'form',
  KYC_REQUIRED: 'form',
  ACCOUNT_FROZEN: 'form',
  IDEMPOTENCY_KEY_REUSED: 'form',
};

/**
 * Where the server's refusal belongs. What is about the code (a wrong or used code, a lock), a lost answer
 * (retried with the same idempotency key) or anything unknown stays in the verification step; what is about
 * the request goes back to the form: on its field (the network, the address, the amount) or above it.
 */
export function refusalPlace(error: unknown): RefusalPlace {
  if (!isApiError(error)) return 'code';
  if (error.code === 'VALIDATION_FAILED') {
    const path = error.details?.issues?.[0]?.path;
    return path === 'network' || path === 'address' || path === 'amount' ? path : 'form';
  }
  return ON_FIELD[error.code] ?? 'code';
}

/**
 * The sentence of a tether refusal with what the server says of it: until when an address becomes usable
 * (`ADDRESS_NOT_WHITELISTED`, in the user's calendar), the network's minimum or maximum, what is left of
 * today's limit, in tether. Any other refusal reads as everywhere else (`useErrorMessage`).
 */
export function useChainErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const general = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return general(error);
      const { until, min, max, remaining } = error.details ?? {};
      const tether = (v: string) => fmt.money(v, 'USDT');
      switch (error.code) {
        case 'ADDRESS_NOT_WHITELISTED':
          return until ? t('errors.notWhitelistedUntil', { until: fmt.date(until, 'dateTime') }) : general(error);
        case 'TETHER_WITHDRAWAL_BELOW_MINIMUM':
          return min ? t('errors.belowMinimum', { min: tether(min) }) : general(error);
        case 'TETHER_WITHDRAWAL_ABOVE_MAXIMUM':
          return max ? t('errors.aboveMaximum', { max: tether(max) }) : general(error);
        case 'TETHER_WITHDRAWAL_DAILY_LIMIT':
          return remaining ? t('errors.dailyLimit', { remaining: tether(remaining) }) : general(error);
        default:
          return general(error);
      }
    },
    [t, fmt, general],
  );
}
