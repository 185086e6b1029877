/** The periods the transactions page filters by, in days back from today (today included). */
export const PERIOD_DAYS = [7, 30, 90, 365] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

export function isPeriodDays(v: string | null): v is `${PeriodDays}` {
  return v !== null && (PERIOD_DAYS as readonly number[]).map(String).includes(v);
}

/**
 * The first day (ISO `YYYY-MM-DD`, in Tehran's calendar day, as the server reads the filter) of the
 * last `days` days up to `now`, today included.
 */
export function periodStart(days: number, now: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - (days - 1))).toISOString().slice(0, 10);
}
