import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminKycRow } from '@portal/contract/admin/admin';
import { KYC_SUBMISSION_STATUSES, type KycSubmissionStatus } from '@portal/contract/kyc/kyc';
import { ErrorState } from '@/components/errors/error-state';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile } from '@/lib/format';
import { kycListQueryOptions } from './api';
import { formatRelative } from '../shell/dates';
import { personName } from '../shell/schemas';
import { pageParam } from '@/lib/page-window';
import { withPage } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount, When } from '../shell/console-page';

function statusParam(raw: string | null): KycSubmissionStatus {
  return (KYC_SUBMISSION_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as KycSubmissionStatus) : 'pending';
}

function QueueTable({ items }: { items: AdminKycRow[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('kyc.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('kyc.columns.user')}</TableCell>
            <TableCell>{t('kyc.columns.mobile')}</TableCell>
            <TableCell>{t('kyc.columns.kind')}</TableCell>
            <TableCell>{t('kyc.columns.submittedAt')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('kyc.columns.open')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>
                {personName(s.user.firstName, s.user.lastName) ?? t('users.noName')}
              </TableCell>
              <TableCell>
                <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                  {displayMobile(s.user.mobile, fmt.lng)}
                </Box>
              </TableCell>
              <TableCell>{t(`kyc.kinds.${s.kind}`)}</TableCell>
              <TableCell>
                <When at={s.createdAt} />
              </TableCell>
              <TableCell align="right">
                <Typography
                  component={RouterLink}
                  to={paths.adminKycItem.getHref(s.id)}
                  color="primary"
                  sx={{ fontWeight: 600 }}
                >
                  {s.status === 'pending' ? t('kyc.review') : t('kyc.view')}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QueueCards({ items }: { items: AdminKycRow[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <List disablePadding aria-label={t('kyc.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((s) => (
        <Paper key={s.id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
          <ListItemButton
            component={RouterLink}
            to={paths.adminKycItem.getHref(s.id)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {personName(s.user.firstName, s.user.lastName) ?? t('users.noName')}
              </Typography>
              <Typography dir="ltr" color="text.secondary">
                {displayMobile(s.user.mobile, fmt.lng)}
              </Typography>
            </Box>
            <Typography variant="body2">{t(`kyc.kinds.${s.kind}`)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatRelative(s.createdAt, fmt.lng)} – {fmt.date(s.createdAt, 'dateTime')}
            </Typography>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );
}

/**
 * The KYC queue (`/admin/kyc?status=`): pending submissions oldest first (the server orders them),
 * decided ones newest first; tabs by status.
 */
export default function KycQueuePage() {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const page = pageParam(params.get('page'));
  const list = useQuery(kycListQueryOptions(status, page));

  return (
    <ConsolePage title={t('kyc.title')}>
      <Tabs
        value={status}
        onChange={(_, next: KycSubmissionStatus) => setParams(next === 'pending' ? {} : { status: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('kyc.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {KYC_SUBMISSION_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`kyc.tabs.${s}`)} id={`kyc-tab-${s}`} aria-controls="kyc-tab-panel" />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="kyc-tab-panel"
        aria-labelledby={`kyc-tab-${status}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : list.data.items.length === 0 ? (
          <EmptyState message={t(`kyc.empty.${status}`)} />
        ) : (
          <>
            <ResultCount total={list.data.total} />
            {isDesktop ? <QueueTable items={list.data.items} /> : <QueueCards items={list.data.items} />}
            <Pages
              page={page}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onChange={(p) => setParams(withPage(params, p))}
            />
          </>
        )}
      </Box>
    </ConsolePage>
  );
}
