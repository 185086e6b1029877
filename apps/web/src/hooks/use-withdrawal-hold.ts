import { useEffect, useState } from 'react';

/**
 * A withdrawal hold after a sensitive change (decision 029): its end while it runs, else null. The account
 * is read again as it ends, so the form comes back by itself. Read by the toman and the tether withdrawal
 * pages.
 */
export function useWithdrawalHold(heldUntil: string | null | undefined, refetch: () => unknown): string | null {
  const [now, setNow] = useState(() => Date.now());
  const end = heldUntil ? new Date(heldUntil).getTime() : null;
  const running = end !== null && end > now;
  useEffect(() => {
    if (!running || end === null) return;
    const id = setTimeout(
      () => {
        setNow(Date.now());
        void refetch();
      },
      end - Date.now() + 1000,
    );
    return () => clearTimeout(id);
  }, [running, end, refetch]);
  return running ? heldUntil! : null;
}
