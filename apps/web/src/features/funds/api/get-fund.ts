import { useQuery } from '@tanstack/react-query';
import { fundQueryOptions } from '@/lib/queries/funds';

/** `GET /funds/:fundId`: a fund's page (about, fees, limits, top holdings, licences, documents…). */
export function useFund(fundId: string) {
  return useQuery(fundQueryOptions(fundId));
}
