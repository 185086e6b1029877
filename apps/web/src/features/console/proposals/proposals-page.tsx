import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  PROPOSAL_STATUSES,
  TABLE_PROPOSAL_KINDS,
  type Proposal,
  type ProposalStatus,
  type TableProposalKind,
} from '@portal/contract/admin/proposals';
import { ErrorState } from '@/components/errors/error-state';
import { visuallyHidden } from '@/components/logo';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { pageParam } from '@/lib/page-window';
import { proposalsQueryOptions } from '../shell/four-eyes/proposal-queries';
import { basketSettingsChangeCount, chainSettingsChangeCount } from '../shell/four-eyes/proposal-effect';
import { formatRelative } from '../shell/dates';
import { useOperator } from '../shell/operator';
import { withPage } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, ResultCount, When } from '../shell/console-page';
import { useLocalized } from '../shell/localized';
import { usePersonLabel } from '../shell/four-eyes/review-approvals';
import { ChangeText, MineChip, useProposalFormat, useProposalSubject } from '../shell/four-eyes/proposal-labels';

const statusOf = (raw: string | null): ProposalStatus =>
  (PROPOSAL_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ProposalStatus) : 'Pending';
const kindOf = (raw: string | null): TableProposalKind | undefined =>
  (TABLE_PROPOSAL_KINDS as readonly string[]).includes(raw ?? '') ? (raw as TableProposalKind) : undefined;

/** How many of the people a proposal touches are operators, when any is. */
function OperatorsBrief({ count }: { count: number }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  if (count === 0) return null;
  return <Chip size="small" color="warning" label={t('proposals.brief.operators', { formatted: fmt.number(count) })} />;
}

/** What approving would do, in a line: a NAV's change, a dividend's total, an import's new lines… */
function EffectBrief({ p }: { p: Proposal }) {
  const { t } = useTranslation('admin');
  const pf = useProposalFormat();
  const e = p.effect;
  if (!e) return <span>—</span>;
  switch (e.kind) {
    case 'nav_publish':
    case 'nav_correction':
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          {e.changeBps === null ? (
            <span>{t('proposals.brief.firstNav')}</span>
          ) : (
            <span>
              {t('proposals.brief.navChange')} <ChangeText bps={e.changeBps} />
            </span>
          )}
          <span>{t('proposals.brief.holders', { formatted: pf.number(e.holdersCount) })}</span>
          <OperatorsBrief count={e.operatorHolders} />
        </Box>
      );
    case 'dividend':
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          <span>
            {t('proposals.brief.dividend', {
              total: pf.moneyOf(e.total, e.currency),
              formatted: pf.number(e.holdersCount),
            })}
          </span>
          <OperatorsBrief count={e.operatorHolders} />
        </Box>
      );
    case 'bank_statement_import':
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
          <span>
            {t('proposals.brief.import', {
              newLines: pf.number(e.newLines),
              total: pf.moneyOf(e.totalToman, 'IRT'),
            })}
          </span>
          <OperatorsBrief count={e.credits.filter((c) => c.isOperator).length} />
        </Box>
      );
    case 'fund_terms':
      return <span>{t('proposals.brief.terms', { formatted: pf.number(e.holdersCount) })}</span>;
    case 'tether_settings': {
      const keys = ['spreadBps', 'feeBps', 'quoteTtlSeconds', 'minTradeToman'] as const;
      const changed =
        keys.filter((k) => e.before[k] !== e.after[k]).length +
        (['1', '2'] as const).filter((l) => e.before.dailyLimitToman[l] !== e.after.dailyLimitToman[l]).length;
      return <span>{t('proposals.brief.tether', { formatted: pf.number(changed) })}</span>;
    }
    case 'chain_settings':
      return (
        <span>{t('proposals.brief.chain', { formatted: pf.number(chainSettingsChangeCount(e.before, e.after)) })}</span>
      );
    case 'basket_settings':
      return (
        <span>
          {t('proposals.brief.basket', { formatted: pf.number(basketSettingsChangeCount(e.before, e.after)) })}
        </span>
      );
  }
}

function QueueTable({ items, title }: { items: Proposal[]; title: string }) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const { id: me } = useOperator();
  const nameOf = usePersonLabel();
  const subject = useProposalSubject();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('proposals.columns.kind')}</TableCell>
            <TableCell>{t('proposals.columns.fund')}</TableCell>
            <TableCell>{t('proposals.columns.effect')}</TableCell>
            <TableCell>{t('proposals.columns.proposedBy')}</TableCell>
            <TableCell>{t('proposals.columns.proposedAt')}</TableCell>
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('proposals.columns.open')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((p) => (
            <TableRow key={p.id} hover data-testid="proposal-row">
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{t(`proposals.kinds.${p.kind}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {subject(p)}
                </Typography>
              </TableCell>
              <TableCell>{p.fund ? localized(p.fund.name) : '—'}</TableCell>
              <TableCell>
                <EffectBrief p={p} />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
                  <span dir="auto">{nameOf(p.proposedBy)}</span>
                  {p.proposedBy.id === me ? <MineChip /> : null}
                </Box>
              </TableCell>
              <TableCell>
                <When at={p.proposedAt} />
              </TableCell>
              <TableCell align="right">
                <Typography
                  component={RouterLink}
                  to={paths.adminProposal.getHref(p.id)}
                  color="primary"
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  aria-label={t('proposals.openOf', { kind: t(`proposals.kinds.${p.kind}`), subject: subject(p) })}
                >
                  {p.status === 'Pending' ? t('proposals.review') : t('proposals.view')}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function QueueCards({ items, title }: { items: Proposal[]; title: string }) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const fmt = useFormat();
  const { id: me } = useOperator();
  const nameOf = usePersonLabel();
  const subject = useProposalSubject();
  return (
    <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((p) => (
        <Paper key={p.id} component="li" variant="outlined" sx={{ listStyle: 'none' }} data-testid="proposal-row">
          <ListItemButton
            component={RouterLink}
            to={paths.adminProposal.getHref(p.id)}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{t(`proposals.kinds.${p.kind}`)}</Typography>
              {p.fund ? <Typography color="text.secondary">{localized(p.fund.name)}</Typography> : null}
            </Box>
            <Typography variant="body2">{subject(p)}</Typography>
            <Typography variant="body2" component="div">
              <EffectBrief p={p} />
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {t('proposals.proposedByOn', {
                  name: nameOf(p.proposedBy),
                  at: `${formatRelative(p.proposedAt, fmt.lng)} – ${fmt.date(p.proposedAt, 'dateTime')}`,
                })}
              </Typography>
              {p.proposedBy.id === me ? <MineChip /> : null}
            </Box>
          </ListItemButton>
        </Paper>
      ))}
    </List>
  );
}

/**
 * The proposals desk (`/admin/proposals?status=&kind=`, issue 15): what one operator proposed and a second
 * must approve (a statement import, a NAV, a dividend, a fund's terms). Pending ones oldest first, each with
 * its kind, fund, proposer and what approving would do; decided ones newest first. A table on a desktop,
 * cards on a phone, each opening the proposal.
 */
export default function ProposalsPage() {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const kind = kindOf(params.get('kind'));
  const page = pageParam(params.get('page'));
  const list = useQuery(proposalsQueryOptions({ status, kind }, page));
  const title = t('proposals.title');
  const setFilter = (next: { status?: ProposalStatus; kind?: TableProposalKind | undefined }) => {
    const s = next.status ?? status;
    const k = 'kind' in next ? next.kind : kind;
    setParams({ ...(s === 'Pending' ? {} : { status: s }), ...(k ? { kind: k } : {}) });
  };

  return (
    <ConsolePage title={title}>
      <Typography color="text.secondary">{t('proposals.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Tabs
          value={status}
          onChange={(_, next: ProposalStatus) => setFilter({ status: next })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('proposals.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', flexGrow: 1, minWidth: 0 }}
        >
          {PROPOSAL_STATUSES.map((s) => (
            <Tab
              key={s}
              value={s}
              label={t(`proposals.tabs.${s}`)}
              id={`proposals-tab-${s}`}
              aria-controls="proposals-tab-panel"
            />
          ))}
        </Tabs>
        <TextField
          select
          size="small"
          id="proposals-kind"
          label={t('proposals.kindFilter')}
          value={kind ?? ''}
          onChange={(e) => setFilter({ kind: kindOf(e.target.value) })}
          sx={{ minWidth: 220, flexGrow: { xs: 1, sm: 0 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('proposals.allKinds')}</MenuItem>
          {TABLE_PROPOSAL_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`proposals.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box
        role="tabpanel"
        id="proposals-tab-panel"
        aria-labelledby={`proposals-tab-${status}`}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : list.data.items.length === 0 ? (
          <EmptyState message={t(kind ? 'proposals.emptyOfKind' : `proposals.empty.${status}`)} />
        ) : (
          <>
            <ResultCount total={list.data.total} />
            {isDesktop ? (
              <QueueTable items={list.data.items} title={title} />
            ) : (
              <QueueCards items={list.data.items} title={title} />
            )}
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
