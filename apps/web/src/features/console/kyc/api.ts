import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { approveKyc, getKycSubmission, listKyc, rejectKyc } from '@portal/contract/admin/admin';
import type { KycRejectReason, KycSubmissionStatus } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import type { Decision } from '../shell/decision-dialog';

/** Query keys of the KYC desk, under the console's `kyc` root. */
export const kycKeys = {
  list: (status: KycSubmissionStatus, page: number) => [...consoleKeys.kyc, 'list', { status, page }] as const,
  submission: (submissionId: string) => [...consoleKeys.kyc, 'detail', submissionId] as const,
};

export const kycListQueryOptions = (status: KycSubmissionStatus, page: number) =>
  queryOptions({
    queryKey: kycKeys.list(status, page),
    queryFn: ({ signal }) => callApi(listKyc, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const kycSubmissionQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: kycKeys.submission(submissionId),
    queryFn: ({ signal }) => callApi(getKycSubmission, { params: { submissionId }, signal }),
  });

export type KycDecision = Decision<KycRejectReason>;

/**
 * Approve or reject a submission. Whatever the answer (a decision, or `KYC_ALREADY_REVIEWED` when
 * another operator decided first), the queue, the submission and its user are read again.
 */
export function useDecideKyc(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) =>
      decision.approve
        ? callApi(approveKyc, { params: { submissionId } })
        : callApi(rejectKyc, {
            params: { submissionId },
            body: { reason: decision.reason, comment: decision.comment || undefined },
          }),
    onSettled: (detail) =>
      Promise.all([
        client.invalidateQueries({ queryKey: consoleKeys.kyc }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
        detail ? client.invalidateQueries({ queryKey: consoleKeys.user(detail.user.id) }) : undefined,
      ]),
  });
}
