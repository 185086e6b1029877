import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestConsultation, type RequestConsultationBody } from '@portal/contract/funds/consultation';
import { callApi } from '@/lib/api-client';
import { fundQueryOptions } from '@/lib/queries/funds';

/** Asks for a consultation call about a fund; the fund's page lists the open request afterwards. */
export function useRequestConsultation(fundId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestConsultationBody) => callApi(requestConsultation, { params: { fundId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: fundQueryOptions(fundId).queryKey }),
  });
}
