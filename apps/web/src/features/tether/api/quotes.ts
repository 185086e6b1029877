import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createTetherQuote,
  executeTetherQuote,
  getTetherQuote,
  type CreateTetherQuoteBody,
} from '@portal/contract/tether/market';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { invalidateAfter } from '@/lib/queries/invalidate';

/** Refusals that say the market or the balance changed under the page: read them again. */
const MARKET_CHANGED = new Set([
  'TETHER_TRADING_PAUSED',
  'TETHER_PRICE_STALE',
  'INSUFFICIENT_BALANCE',
  'TRADE_DAILY_LIMIT',
  'QUOTE_ALREADY_EXECUTED',
]);

function useRefreshOnRefusal() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && MARKET_CHANGED.has(error.code)) void invalidateAfter(client, 'tetherTrade');
  };
}

/** `POST /tether/quotes`: the house's price for this amount, valid for a few seconds. Moves nothing. */
export function useCreateTetherQuote() {
  const refresh = useRefreshOnRefusal();
  return useMutation({
    mutationFn: (body: CreateTetherQuoteBody) => callApi(createTetherQuote, { body }),
    onError: refresh,
  });
}

/** `GET /tether/quotes/:quoteId`: the fresh quote an expired one was refused with (`QUOTE_EXPIRED`). */
export function fetchTetherQuote(quoteId: string) {
  return callApi(getTetherQuote, { params: { quoteId } });
}

/**
 * `POST /tether/quotes/:quoteId/execute`: trades at the quote. `idempotencyKey` is made once per quote the
 * user confirms and sent again with every retry of that confirmation, so a lost answer never trades twice.
 */
export function useExecuteTetherQuote() {
  const client = useQueryClient();
  const refresh = useRefreshOnRefusal();
  return useMutation({
    mutationFn: ({ quoteId, idempotencyKey }: { quoteId: string; idempotencyKey: string }) =>
      callApi(executeTetherQuote, { params: { quoteId }, idempotencyKey }),
    // Both wallets and today's remainder moved; the success shows at once, the balances follow.
    onSuccess: () => {
      void invalidateAfter(client, 'tetherTrade');
    },
    onError: refresh,
  });
}
