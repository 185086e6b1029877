import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCreateRiskQuizDraft,
  adminDiscardRiskQuizDraft,
  adminGetRiskQuizDesk,
  adminPublishRiskQuizDraft,
  adminSaveRiskQuizDraft,
  type SaveRiskQuizDraftBody,
} from '@portal/contract/admin/risk-quiz';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';

/**
 * Query keys of the risk quiz editor (issue 20), under the console's `risk-quiz` root: every write reads the
 * editor and the audit log again (each write is audited).
 */
export const riskQuizDeskKeys = {
  all: consoleKeys.riskQuiz,
  desk: [...consoleKeys.riskQuiz, 'desk'] as const,
};

/** `GET /admin/risk-quiz`: every version, the published one and the draft. */
export const riskQuizDeskQueryOptions = () =>
  queryOptions({
    queryKey: riskQuizDeskKeys.desk,
    queryFn: ({ signal }) => callApi(adminGetRiskQuizDesk, { signal }),
  });

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: riskQuizDeskKeys.all }),
      client.invalidateQueries({ queryKey: consoleKeys.audit }),
    ]);
}

export function useCreateRiskQuizDraft() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => callApi(adminCreateRiskQuizDraft, {}), onSettled: refresh });
}

export function useSaveRiskQuizDraft() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SaveRiskQuizDraftBody) => callApi(adminSaveRiskQuizDraft, { body }),
    onSettled: refresh,
  });
}

export function useDiscardRiskQuizDraft() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => callApi(adminDiscardRiskQuizDraft, {}), onSettled: refresh });
}

export function usePublishRiskQuizDraft() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => callApi(adminPublishRiskQuizDraft, {}), onSettled: refresh });
}
