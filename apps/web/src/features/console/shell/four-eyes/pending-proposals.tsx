import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TableProposalKind } from '@portal/contract/admin/proposals';
import { ErrorState } from '@/components/errors/error-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { proposalsQueryOptions } from './proposal-queries';
import { formatRelative } from '../dates';
import { useCan, useOperator } from '../operator';
import { Loading, Panel } from '../console-page';
import { MineChip, useProposalSubject } from './proposal-labels';
import { usePersonLabel } from './review-approvals';

/**
 * Proposals still waiting for a second operator, on the desk that proposes them: a fund's (its NAVs,
 * dividends or terms, by `fundId`) or every statement import: what, by whom, since when, each a link to
 * the proposal. Shown to roles that read proposals.
 */
export function PendingProposals({ fundId, kinds }: { fundId?: string; kinds: readonly TableProposalKind[] }) {
  const can = useCan();
  return can('proposals.read') ? <PendingList fundId={fundId} kinds={kinds} /> : null;
}

function PendingList({ fundId, kinds }: { fundId: string | undefined; kinds: readonly TableProposalKind[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const { id: me } = useOperator();
  const nameOf = usePersonLabel();
  const subject = useProposalSubject();
  // A fund's tabs read one list of its pending proposals (the same query), each keeping its own kinds.
  const list = useQuery(
    proposalsQueryOptions(fundId ? { status: 'Pending', fundId } : { status: 'Pending', kind: kinds[0] }, 1),
  );
  const title = t('proposals.pending.title');
  const items = list.data?.items.filter((p) => kinds.includes(p.kind)) ?? [];
  return (
    <Panel id="pending-proposals" title={title}>
      {list.isPending ? (
        <Loading minHeight={80} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('proposals.pending.none')}
        </Typography>
      ) : (
        <List disablePadding aria-label={title} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {items.map((p) => (
            <ListItem
              key={p.id}
              disablePadding
              data-testid="fund-pending-proposal"
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={paths.adminProposal.getHref(p.id)} sx={{ fontWeight: 600 }}>
                  {t(`proposals.kinds.${p.kind}`)}: {subject(p)}
                </Link>
                {p.proposedBy.id === me ? <MineChip /> : null}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('proposals.proposedByOn', {
                  name: nameOf(p.proposedBy),
                  at: formatRelative(p.proposedAt, fmt.lng),
                })}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Panel>
  );
}
