import { queryOptions } from '@tanstack/react-query';
import { listRiskResults } from '@portal/contract/baskets/risk-quiz';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /risk-quiz/results` (issue 20): my risk quiz results, newest first. The quiz pages list them; the
 * fund purchase compares the fund's risk with the newest. Answering the quiz (`invalidateAfter(client,
 * 'riskQuiz')`) reads them again.
 */
export const riskResultsQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.riskResults,
    queryFn: ({ signal }) => callApi(listRiskResults, { signal }),
  });
