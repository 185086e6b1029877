import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateAfter } from '@/lib/queries/invalidate';

/**
 * Wallet balances, holdings and these pages all change when an order is made or settles. `'active'`
 * refetches what the page shows (an order settling while watched); `'none'` only marks it stale, for a
 * form that is about to leave for its outcome page: refetching its quote and holding there would ask
 * for units that are gone (a 422) and could swap the form out before it navigates.
 */
export function useInvalidateOrders() {
  const client = useQueryClient();
  return (refetchType: 'active' | 'none' = 'active') => invalidateAfter(client, 'fundOrder', { refetchType });
}

/** An order still settling: the payer is at the gateway (`pending`), or it waits for the day's NAV. */
export const isSettling = (outcome: string | undefined) => outcome === 'pending' || outcome === 'waiting';

/** True once an order seen settling has settled while the page watched: its balances are news. */
export function useSettledWhileWatched(outcome: string | undefined): boolean {
  const seenSettling = useRef(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (isSettling(outcome)) seenSettling.current = true;
    else if (outcome !== undefined && seenSettling.current) setSettled(true);
  }, [outcome]);
  return settled;
}

/** Refreshes the other pages once, when an order watched settling has settled. */
export function useInvalidateWhenSettled(outcome: string | undefined): void {
  const invalidate = useInvalidateOrders();
  const settled = useSettledWhileWatched(outcome);
  useEffect(() => {
    if (settled) void invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when it settles
  }, [settled]);
}
