import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FUNDS_QUERY_ROOT, fundOrderKeys, WALLET_QUERY_ROOT } from './keys';

/** Wallet balances, holdings and these pages all change when an order is made or settles. */
export function useInvalidateOrders() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: fundOrderKeys.all }),
      client.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }),
      client.invalidateQueries({ queryKey: FUNDS_QUERY_ROOT }),
    ]);
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
