import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AuditEntry } from '@portal/contract/admin/admin';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { displayMobile, formatDigits } from '@/lib/format';
import { pageParam } from '@/lib/page-window';
import { auditQueryOptions, type AuditFilters } from './api';
import { auditActionKey } from './audit-actions';
import { AuditData } from './audit-data';
import { AuditFiltersForm } from './audit-filters';
import { withPage } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount } from '../shell/console-page';

const FILTER_KEYS = ['userId', 'actorId', 'mobile', 'action', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) || undefined]));
}

function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  const key = auditActionKey(action);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {key ? <span>{t(key)}</span> : null}
      <Typography
        variant="caption"
        color={key ? 'text.secondary' : 'text.primary'}
        dir="ltr"
        sx={{ fontFamily: 'monospace', alignSelf: 'flex-start' }}
      >
        {action}
      </Typography>
    </Box>
  );
}

function Actor({ e }: { e: AuditEntry }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  if (!e.actorUserId) return <Typography color="text.secondary">{t('audit.system')}</Typography>;
  return (
    <Link component={RouterLink} to={paths.adminUser.getHref(e.actorUserId)} dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {e.actorMobile ? displayMobile(e.actorMobile, fmt.lng) : e.actorUserId.slice(0, 8)}
    </Link>
  );
}

function Subject({ e }: { e: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  if (!e.subjectType && !e.subjectId) return <Typography color="text.secondary">{t('common.none')}</Typography>;
  const typeKey = `admin:audit.subjectTypes.${e.subjectType ?? ''}`;
  const type = e.subjectType ? (i18n.exists(typeKey) ? t(typeKey) : e.subjectType) : '';
  const id = e.subjectId ? (
    <Box component="span" dir="ltr" title={e.subjectId} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {e.subjectId.slice(0, 8)}
    </Box>
  ) : null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <span>{type}</span>
      {e.subjectType === 'user' && e.subjectId ? (
        <Link component={RouterLink} to={paths.adminUser.getHref(e.subjectId)}>
          {id}
        </Link>
      ) : (
        id
      )}
    </Box>
  );
}

function Ip({ ip }: { ip: string | null }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return ip ? (
    <Box component="span" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
      {formatDigits(ip, fmt.lng)}
    </Box>
  ) : (
    <Typography color="text.secondary">{t('common.none')}</Typography>
  );
}

function AuditTable({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('audit.title')} sx={{ '& td': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            {(['at', 'actor', 'action', 'subject', 'ip', 'data'] as const).map((c) => (
              <TableCell key={c}>{t(`audit.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(e.at, 'dateTime')}</TableCell>
              <TableCell>
                <Actor e={e} />
              </TableCell>
              <TableCell>
                <ActionLabel action={e.action} />
              </TableCell>
              <TableCell>
                <Subject e={e} />
              </TableCell>
              <TableCell>
                <Ip ip={e.ip} />
              </TableCell>
              <TableCell sx={{ minWidth: 200, maxWidth: 360 }}>
                <AuditData data={e.data} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AuditCards({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <List disablePadding aria-label={t('audit.title')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((e) => (
        <Paper
          key={e.id}
          component={ListItem}
          variant="outlined"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75, p: 1.5 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <ActionLabel action={e.action} />
            <Typography variant="body2" color="text.secondary">
              {fmt.date(e.at, 'dateTime')}
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 1.5,
              rowGap: 0.5,
              fontSize: '0.875rem',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.actor')}
            </Typography>
            <Actor e={e} />
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.subject')}
            </Typography>
            <Subject e={e} />
            <Typography variant="body2" color="text.secondary">
              {t('audit.columns.ip')}
            </Typography>
            <Box>
              <Ip ip={e.ip} />
            </Box>
          </Box>
          <AuditData data={e.data} />
        </Paper>
      ))}
    </List>
  );
}

/**
 * The audit log (`/admin/audit?mobile=&action=&from=&to=&page=`, and `userId`/`actorId` from a user's
 * page), newest first: each event by its translated name, its details as labelled values.
 */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = pageParam(params.get('page'));
  const audit = useQuery(auditQueryOptions(filters, page));

  const apply = (f: AuditFilters) => {
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) if (f[k]) next.set(k, f[k]);
    setParams(next);
  };

  return (
    <ConsolePage title={t('audit.title')}>
      <AuditFiltersForm filters={filters} onApply={apply} />
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} isRetrying={audit.isFetching} />
      ) : audit.data.items.length === 0 ? (
        <EmptyState message={t('audit.empty')} />
      ) : (
        <>
          <ResultCount total={audit.data.total} />
          {isDesktop ? <AuditTable items={audit.data.items} /> : <AuditCards items={audit.data.items} />}
          <Pages
            page={page}
            total={audit.data.total}
            pageSize={audit.data.pageSize}
            onChange={(p) => setParams(withPage(params, p))}
          />
        </>
      )}
    </ConsolePage>
  );
}
