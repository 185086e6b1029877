import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listFundAnnouncements,
  markAnnouncementSeen,
  type FundAnnouncementKind,
} from '@portal/contract/funds/catalogue';
import { callApi } from '@/lib/api-client';
import { fundKeys } from './fund-keys';

/** `GET /funds/:fundId/announcements`: one page of a fund's announcements and reports, newest first. */
export const fundAnnouncementsQueryOptions = (fundId: string, kind: FundAnnouncementKind | undefined, page: number) =>
  queryOptions({
    queryKey: fundKeys.announcements(fundId, kind, page),
    queryFn: ({ signal }) => callApi(listFundAnnouncements, { params: { fundId }, query: { kind, page }, signal }),
  });

export function useFundAnnouncements(fundId: string, kind: FundAnnouncementKind | undefined, page: number) {
  return useQuery({ ...fundAnnouncementsQueryOptions(fundId, kind, page), placeholderData: keepPreviousData });
}

/**
 * Marks an announcement seen (with `agree` when it needs the user's agreement). The fund's unread count
 * and its lists change: the fund's queries are read again.
 */
export function useMarkAnnouncementSeen(fundId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ announcementId, agree }: { announcementId: string; agree: boolean }) =>
      callApi(markAnnouncementSeen, { params: { fundId, announcementId }, body: { agree } }),
    onSuccess: () => client.invalidateQueries({ queryKey: fundKeys.fund(fundId) }),
  });
}
