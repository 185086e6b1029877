import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRiskQuiz, submitRiskQuiz, type SubmitRiskQuizBody } from '@portal/contract/baskets/risk-quiz';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { invalidateAfter } from '@/lib/queries/invalidate';
import { queryRoots } from '@/lib/queries/keys';
import { riskResultsQueryOptions } from '@/lib/queries/risk';

/** The risk quiz's own keys, under the risk root (my results are the shared `resourceKeys.riskResults`). */
export const riskQuizKeys = {
  /** `GET /risk-quiz`: the published version. */
  quiz: [...queryRoots.risk, 'quiz'] as const,
};

export const riskQuizQueryOptions = () =>
  queryOptions({
    queryKey: riskQuizKeys.quiz,
    queryFn: ({ signal }) => callApi(getRiskQuiz, { signal }),
  });

/** The published quiz: its questions and options, in order. */
export function useRiskQuiz() {
  return useQuery(riskQuizQueryOptions());
}

/** My results, newest first. */
export function useRiskResults() {
  return useQuery(riskResultsQueryOptions());
}

/**
 * `POST /risk-quiz/results`: saves the answers and calculates the risk number. `idempotencyKey` is made once per
 * answer set and sent again with every retry of it, so a lost answer never saves the test twice. A quiz published
 * meanwhile (`RISK_QUIZ_VERSION_OUTDATED`) is read again.
 */
export function useSubmitRiskQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SubmitRiskQuizBody; idempotencyKey: string }) =>
      callApi(submitRiskQuiz, { body, idempotencyKey }),
    onSuccess: () => {
      void invalidateAfter(client, 'riskQuiz');
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'RISK_QUIZ_VERSION_OUTDATED') {
        void client.invalidateQueries({ queryKey: riskQuizKeys.quiz });
      }
    },
  });
}
