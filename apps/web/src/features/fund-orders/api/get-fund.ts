import { useQuery } from '@tanstack/react-query';
import { fundQueryOptions } from '@/lib/queries/funds';

/**
 * `GET /funds/:fundId` (lib/queries/funds.ts, the funds pages' entry too). `enabled` false: the id is known
 * not to name a fund (or not known yet); nothing is asked.
 */
export function useFund(fundId: string, enabled = true) {
  return useQuery({ ...fundQueryOptions(fundId), enabled });
}
