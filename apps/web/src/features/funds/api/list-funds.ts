import { useQuery } from '@tanstack/react-query';
import { fundsQueryOptions } from '@/lib/queries/funds';

/** `GET /funds` (lib/queries/funds.ts): every published fund, read again every hour. */
export function useFunds() {
  return useQuery(fundsQueryOptions());
}
