import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { UserRequestDisplayOrder, UserRequestsResponseType, UserRequestStatus } from '@portal/contract/core/enums';
import type { ListUserRequestsFilter, UserRequest } from '@portal/contract/wallet/user-requests';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { LinkPagination } from '@/components/link-pagination';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { pageCountOf } from '@/lib/page-window';
import { useUserRequests } from '../api/list-user-requests';
import { filterFromParams } from '../filters';
import { CancelRequestDialog } from './cancel-request-dialog';
import { RequestItem } from './request-item';

const hrefOf = (f: ListUserRequestsFilter) =>
  paths.userRequests.getHref({
    type: f.type,
    status: f.status,
    order: f.order === 'NewestRequest' ? undefined : f.order,
    page: f.page,
  });

/**
 * `/user-requests` (SPEC §2, §3; decision 018): the user's requests (withdrawals, offline deposits…)
 * with their type and status, ordered (`UserRequestDisplayOrder`), filtered by type and status, ten a
 * page with up to 11 page numbers; a pending one can be cancelled after a confirmation. The filters
 * live in the address, so a reload or the back button keeps them.
 */
export default function UserRequestsScreen() {
  const { t } = useTranslation('requests');
  const fmt = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = filterFromParams(params);
  const requests = useUserRequests(filter);
  const [cancelling, setCancelling] = useState<UserRequest | null>(null);
  const filtered = filter.type !== undefined || filter.status !== undefined;

  const select = <K extends 'type' | 'status' | 'order'>(
    key: K,
    options: readonly string[],
    label: (v: string) => string,
    all: boolean,
  ) => (
    <TextField
      select
      id={`requests-${key}`}
      label={t(`filters.${key}`)}
      value={filter[key] ?? ''}
      onChange={(e) => {
        const value = e.target.value;
        void navigate(hrefOf({ ...filter, [key]: value === '' ? undefined : value, page: 1 }), { replace: true });
      }}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {all ? <option value="">{t('filters.all')}</option> : null}
      {options.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </TextField>
  );

  return (
    <PageShell title={t('pageTitle')} wide>
      <Section
        id="requests-filters"
        title={t('filters.title')}
        action={
          filtered ? (
            <Button component={RouterLink} to={hrefOf({ order: filter.order, page: 1 })} size="small">
              {t('filters.clear')}
            </Button>
          ) : null
        }
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          {select('type', UserRequestsResponseType, (v) => t(`types.${v}`), true)}
          {select('status', UserRequestStatus, (v) => t(`statuses.${v}`), true)}
          {select('order', UserRequestDisplayOrder, (v) => t(`orders.${v}`), false)}
        </Box>
      </Section>

      <Section
        id="requests-list"
        title={t('list.title')}
        action={
          requests.data && requests.data.total > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('list.count', { n: fmt.number(requests.data.total) })}
            </Typography>
          ) : null
        }
      >
        {requests.isPending ? (
          <SectionLoading />
        ) : requests.isError ? (
          <ErrorState error={requests.error} onRetry={() => void requests.refetch()} isRetrying={requests.isFetching} />
        ) : requests.data.items.length === 0 ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
            <Typography component="p" sx={{ fontWeight: 600 }}>
              {t(filtered ? 'list.emptyFiltered' : 'list.empty')}
            </Typography>
            {filtered ? null : (
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
                <Button component={RouterLink} to={paths.walletDeposit.getHref({ type: 'offline' })} variant="outlined">
                  {t('list.deposit')}
                </Button>
                <Button component={RouterLink} to={paths.walletWithdraw.getHref()} variant="outlined">
                  {t('list.withdraw')}
                </Button>
              </Box>
            )}
          </Stack>
        ) : (
          <>
            <Box
              component="ul"
              aria-label={t('list.title')}
              aria-busy={requests.isPlaceholderData || undefined}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
            >
              {requests.data.items.map((r) => (
                <RequestItem key={`${r.type}-${r.id}`} request={r} onCancel={setCancelling} />
              ))}
            </Box>
            <LinkPagination
              page={filter.page}
              pageCount={pageCountOf(requests.data.total, requests.data.pageSize)}
              hrefOf={(page) => hrefOf({ ...filter, page })}
            />
          </>
        )}
      </Section>
      <CancelRequestDialog request={cancelling} onClose={() => setCancelling(null)} />
    </PageShell>
  );
}
