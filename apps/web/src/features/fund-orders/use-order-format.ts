import { useMemo } from 'react';
import type { Culture } from '@portal/contract/core/constants';
import { UNIT_SCALE } from '@portal/contract/funds/pricing';
import { useFormat } from '@/hooks/use-format';
import { formatDate } from '@/lib/format';
import { formatDecimal } from '@/lib/format-money';

/**
 * The format helpers of the order pages: `useFormat`'s, plus unit counts (four decimals at most), Tehran
 * calendar days (`navDate`, `YYYY-MM-DD`) in the user's calendar, rates in basis points, and an operator's
 * text in the user's language.
 */
export function useOrderFormat() {
  const fmt = useFormat();
  return useMemo(
    () => ({
      ...fmt,
      units: (units: string) => formatDecimal(units, fmt.lng, { maxFractionDigits: UNIT_SCALE }),
      day: (isoDay: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(isoDay)
          ? formatDate(`${isoDay}T00:00:00.000Z`, fmt.lng, fmt.calendar, 'long', 'UTC')
          : isoDay,
      rate: (bps: number) => fmt.percent(bps / 10_000),
      text: (text: Record<Culture, string>) => text[fmt.lng] || text.fa,
    }),
    [fmt],
  );
}
export type OrderFormat = ReturnType<typeof useOrderFormat>;
