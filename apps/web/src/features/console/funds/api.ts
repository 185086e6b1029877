import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminCorrectFundNav,
  adminCreateFund,
  adminDeleteFundAnnouncement,
  adminGetFund,
  adminListConsultations,
  adminListFundAnnouncements,
  adminListFundNavs,
  adminListFunds,
  adminPublishFundAnnouncement,
  adminPublishFundNav,
  adminResolveConsultation,
  adminUpdateFund,
  type ConsultationStatus,
  type CorrectFundNavBody,
  type CreateFundBody,
  type PublishFundAnnouncementBody,
  type PublishFundNavBody,
  type ResolveConsultationBody,
  type UpdateFundBody,
} from '@portal/contract/admin/funds';
import { adminProposeFundTerms, type FundTermsBody } from '@portal/contract/admin/proposals';
import {
  adminListFundDividends,
  adminListFundPurchases,
  adminListFundRedemptions,
  distributeFundDividend,
  type DistributeFundDividendBody,
} from '@portal/contract/admin/fund-orders';
import type { PurchaseStatus, RedemptionStatus } from '@portal/contract/funds/funds';
import { callApi } from '@/lib/api-client';
import { consoleKeys } from '../shell/console-keys';
import { useInvalidateProposals } from '../shell/four-eyes/proposal-queries';

const fundDetail = (fundId: string) => [...consoleKeys.funds, 'detail', fundId] as const;

/**
 * Query keys of the fund desk (issue 6), under the console's `funds` root: every write invalidates the
 * fund's own keys (and the list), and the audit log, where each write is recorded.
 */
export const fundKeys = {
  all: consoleKeys.funds,
  list: [...consoleKeys.funds, 'list'] as const,
  fund: fundDetail,
  navs: (fundId: string, page: number) => [...fundDetail(fundId), 'navs', { page }] as const,
  announcements: (fundId: string, page: number) => [...fundDetail(fundId), 'announcements', { page }] as const,
  purchases: (fundId: string, status: PurchaseStatus | 'all', page: number) =>
    [...fundDetail(fundId), 'purchases', { status, page }] as const,
  redemptions: (fundId: string, status: RedemptionStatus | 'all', page: number) =>
    [...fundDetail(fundId), 'redemptions', { status, page }] as const,
  dividends: (fundId: string, page: number) => [...fundDetail(fundId), 'dividends', { page }] as const,
  consultations: consoleKeys.consultations,
  consultationList: (status: ConsultationStatus, page: number) =>
    [...consoleKeys.consultations, 'list', { status, page }] as const,
};

export const adminFundsQueryOptions = () =>
  queryOptions({ queryKey: fundKeys.list, queryFn: ({ signal }) => callApi(adminListFunds, { signal }) });

export const adminFundQueryOptions = (fundId: string) =>
  queryOptions({
    queryKey: fundKeys.fund(fundId),
    queryFn: ({ signal }) => callApi(adminGetFund, { params: { fundId }, signal }),
  });

export const fundNavsQueryOptions = (fundId: string, page: number) =>
  queryOptions({
    queryKey: fundKeys.navs(fundId, page),
    queryFn: ({ signal }) => callApi(adminListFundNavs, { params: { fundId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const fundAnnouncementsQueryOptions = (fundId: string, page: number) =>
  queryOptions({
    queryKey: fundKeys.announcements(fundId, page),
    queryFn: ({ signal }) => callApi(adminListFundAnnouncements, { params: { fundId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const fundPurchasesQueryOptions = (fundId: string, status: PurchaseStatus | 'all', page: number) =>
  queryOptions({
    queryKey: fundKeys.purchases(fundId, status, page),
    queryFn: ({ signal }) =>
      callApi(adminListFundPurchases, {
        params: { fundId },
        query: { ...(status === 'all' ? {} : { status }), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const fundRedemptionsQueryOptions = (fundId: string, status: RedemptionStatus | 'all', page: number) =>
  queryOptions({
    queryKey: fundKeys.redemptions(fundId, status, page),
    queryFn: ({ signal }) =>
      callApi(adminListFundRedemptions, {
        params: { fundId },
        query: { ...(status === 'all' ? {} : { status }), page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const fundDividendsQueryOptions = (fundId: string, page: number) =>
  queryOptions({
    queryKey: fundKeys.dividends(fundId, page),
    queryFn: ({ signal }) => callApi(adminListFundDividends, { params: { fundId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const consultationsQueryOptions = (status: ConsultationStatus, page: number) =>
  queryOptions({
    queryKey: fundKeys.consultationList(status, page),
    queryFn: ({ signal }) => callApi(adminListConsultations, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** After a write to a fund: the fund (and its tabs), the list, and the audit log are read again. */
function useInvalidateFund() {
  const client = useQueryClient();
  return (fundId?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: fundId ? fundKeys.fund(fundId) : fundKeys.all }),
      client.invalidateQueries({ queryKey: fundKeys.list }),
      client.invalidateQueries({ queryKey: consoleKeys.audit }),
    ]);
}

export function useCreateFund() {
  const invalidate = useInvalidateFund();
  return useMutation({
    mutationFn: (body: CreateFundBody) => callApi(adminCreateFund, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateFund(fundId: string) {
  const invalidate = useInvalidateFund();
  return useMutation({
    mutationFn: (body: UpdateFundBody) => callApi(adminUpdateFund, { params: { fundId }, body }),
    onSuccess: () => invalidate(fundId),
  });
}

/** Proposes a NAV (202, a proposal): once approved, it prices the orders waiting for its date. */
export function usePublishFundNav(fundId: string) {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: PublishFundNavBody) => callApi(adminPublishFundNav, { params: { fundId }, body }),
    onSuccess: () => invalidate(),
  });
}

/** Proposes a correction of a published NAV (202, a proposal). */
export function useCorrectFundNav(fundId: string) {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: CorrectFundNavBody) => callApi(adminCorrectFundNav, { params: { fundId }, body }),
    onSuccess: () => invalidate(),
  });
}

export function usePublishFundAnnouncement(fundId: string) {
  const invalidate = useInvalidateFund();
  return useMutation({
    mutationFn: (body: PublishFundAnnouncementBody) =>
      callApi(adminPublishFundAnnouncement, { params: { fundId }, body }),
    onSuccess: () => invalidate(fundId),
  });
}

export function useDeleteFundAnnouncement(fundId: string) {
  const invalidate = useInvalidateFund();
  return useMutation({
    mutationFn: (announcementId: string) =>
      callApi(adminDeleteFundAnnouncement, { params: { fundId, announcementId } }),
    onSettled: () => invalidate(fundId),
  });
}

/**
 * Proposes a dividend to every holder (202, a proposal; paid when a second operator approves).
 * `idempotencyKey` is made once per attempt by the dialog: a retry after a lost answer proposes once.
 */
export function useDistributeDividend(fundId: string) {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DistributeFundDividendBody; idempotencyKey: string }) =>
      callApi(distributeFundDividend, { params: { fundId }, body, idempotencyKey }),
    onSuccess: () => invalidate(),
  });
}

/** Done or cancelled: whatever the answer (`REQUEST_ALREADY_REVIEWED` too), the queue is read again. */
export function useResolveConsultation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ consultationId, body }: { consultationId: string; body: ResolveConsultationBody }) =>
      callApi(adminResolveConsultation, { params: { consultationId }, body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: fundKeys.consultations }),
        client.invalidateQueries({ queryKey: fundKeys.list }),
        client.invalidateQueries({ queryKey: consoleKeys.audit }),
      ]),
  });
}

/** `POST /admin/funds/:id/terms`: proposes new fees, limits or pauses (202, a proposal). */
export function useProposeFundTerms(fundId: string) {
  const invalidate = useInvalidateProposals();
  return useMutation({
    mutationFn: (body: FundTermsBody) => callApi(adminProposeFundTerms, { params: { fundId }, body }),
    onSuccess: () => invalidate(),
  });
}
