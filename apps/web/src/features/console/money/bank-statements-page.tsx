import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  STATEMENT_COLUMNS,
  STATEMENT_MAX_CHARS,
  type AdminStatementLine,
} from '@portal/contract/admin/bank-statements';
import type { Proposal } from '@portal/contract/admin/proposals';
import { STATEMENT_LINE_STATUSES } from '@portal/contract/wallet/deposit-by-id';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { displayMobile, formatDigits } from '@/lib/format';
import { statementLinesQueryOptions, useImportStatement } from './bank-statements-api';
import { useCan } from '../shell/operator';
import { useQueueParams } from '../shell/url';
import { ConsolePage, EmptyState, Loading, Pages, Panel, ResultCount } from '../shell/console-page';
import { Toman } from './money-labels';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposalEffectView } from '../shell/four-eyes/proposal-effect';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { ShebaNumber } from '../shell/sheba';

const TABS = ['all', ...STATEMENT_LINE_STATUSES] as const;
type LinesTab = (typeof TABS)[number];

const IMPORT_KINDS = ['bank_statement_import'] as const;

const STATUS_COLOR = { Pending: 'default', Credited: 'success', Returning: 'warning', Returned: 'info' } as const;

/**
 * The import: a CSV file of the by-ID account's statement, sent as text, proposed (issue 15): its lines are
 * matched and credited when a second operator approves. The proposal (what it would credit, to whom, with
 * operators marked, and a link to it), or each broken rule.
 */
function ImportPanel() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const notify = useNotify();
  const importing = useImportStatement();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);

  const issues =
    importing.error && isApiError(importing.error) && importing.error.code === 'VALIDATION_FAILED'
      ? (importing.error.details?.issues ?? [])
      : [];

  const send = async () => {
    setProposal(null);
    if (!file) return setLocal(t('bankStatements.import.choose'));
    const content = await file.text();
    if (content.length > STATEMENT_MAX_CHARS) return setLocal(t('bankStatements.rules.statementTooLong'));
    setLocal(null);
    importing.mutate(
      { fileName: file.name, content },
      {
        onSuccess: (p) => {
          notify.success('admin:bankStatements.import.proposedNotice');
          setProposal(p);
        },
      },
    );
  };

  return (
    <Panel id="statement-import" title={t('bankStatements.import.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('bankStatements.import.format')}
      </Typography>
      <Box
        component="code"
        dir="ltr"
        sx={{ display: 'block', p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowWrap: 'anywhere' }}
      >
        {STATEMENT_COLUMNS.join(',')}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <input
          ref={input}
          id="statement-file"
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setLocal(null);
            setProposal(null);
            importing.reset();
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()}>
          {t('bankStatements.import.pick')}
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} aria-live="polite">
          {file ? file.name : t('bankStatements.import.none')}
        </Typography>
        <Button variant="contained" loading={importing.isPending} onClick={() => void send()}>
          {t('bankStatements.import.submit')}
        </Button>
      </Stack>
      {local ? <FormError message={local} /> : null}
      {issues.length > 0 ? (
        <Alert severity="error" role="alert">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('bankStatements.import.refused')}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
            {issues.map((i, n) => (
              <li key={n}>
                {t(`bankStatements.rules.${i.rule}`, {
                  line: i.params?.line !== undefined ? fmt.number(Number(i.params.line)) : '',
                  defaultValue: t('bankStatements.rules.other'),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      ) : importing.error ? (
        <FormError message={errorMessage(importing.error)} />
      ) : null}
      {proposal ? (
        <>
          <ProposedAlert proposal={proposal} onClose={() => setProposal(null)} />
          <ProposalEffectView p={proposal} />
        </>
      ) : null}
    </Panel>
  );
}

function LineStatus({ line }: { line: AdminStatementLine }) {
  const { t } = useTranslation('admin');
  return <Chip size="small" color={STATUS_COLOR[line.status]} label={t(`bankStatements.statuses.${line.status}`)} />;
}

/** What became of a transfer: credited, and what goes back (when and why). */
function Outcome({ line }: { line: AdminStatementLine }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      {line.credited !== '0' ? (
        <span>
          {t('bankStatements.credited')}: <Toman amount={line.credited} />
        </span>
      ) : null}
      {line.returnReason ? (
        <span>
          {t('bankStatements.returned')}: <Toman amount={line.returned} /> –{' '}
          {t(`bankStatements.reasons.${line.returnReason}`)}
          {line.returnAt ? ` – ${fmt.date(line.returnAt, 'dateTime')}` : ''}
        </span>
      ) : null}
    </Box>
  );
}

function Owner({ line }: { line: AdminStatementLine }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormat();
  if (!line.user) return <span>{t('bankStatements.noOwner')}</span>;
  return (
    <Typography component={RouterLink} to={paths.adminUser.getHref(line.user.id)} color="primary" dir="ltr">
      {displayMobile(line.user.mobile, lng)}
    </Typography>
  );
}

/** The imported transfers, newest first: a table on a desktop (scrolling sideways on a phone). */
function Lines() {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const { status, page, setStatus, setPage } = useQueueParams<LinesTab>(TABS);
  const list = useQuery(statementLinesQueryOptions(status, page));
  return (
    <Panel id="statement-lines" title={t('bankStatements.lines.title')}>
      <Tabs
        value={status}
        onChange={(_, next: LinesTab) => setStatus(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('bankStatements.lines.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((s) => (
          <Tab key={s} value={s} label={t(`bankStatements.tabs.${s}`)} />
        ))}
      </Tabs>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('bankStatements.lines.empty')} />
      ) : (
        <>
          <ResultCount total={list.data.total} />
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('bankStatements.lines.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('bankStatements.columns.bookedAt')}</TableCell>
                  <TableCell>{t('bankStatements.columns.amount')}</TableCell>
                  <TableCell>{t('bankStatements.columns.paymentId')}</TableCell>
                  <TableCell>{t('bankStatements.columns.sourceSheba')}</TableCell>
                  <TableCell>{t('bankStatements.columns.user')}</TableCell>
                  <TableCell>{t('bankStatements.columns.status')}</TableCell>
                  <TableCell>{t('bankStatements.columns.outcome')}</TableCell>
                  <TableCell>{t('bankStatements.columns.bankRef')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((l) => (
                  <TableRow key={l.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(l.bookedAt, 'dateTime')}</TableCell>
                    <TableCell>
                      <Toman amount={l.amount} strong />
                    </TableCell>
                    <TableCell>
                      <Box component="bdi" dir="ltr">
                        {l.rawPaymentId ? formatDigits(l.rawPaymentId, fmt.lng) : t('bankStatements.noPaymentId')}
                      </Box>
                    </TableCell>
                    <TableCell>
                      <ShebaNumber value={l.sourceSheba} />
                    </TableCell>
                    <TableCell>
                      <Owner line={l} />
                    </TableCell>
                    <TableCell>
                      <LineStatus line={l} />
                    </TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <Outcome line={l} />
                    </TableCell>
                    <TableCell>
                      <Box component="bdi" dir="ltr">
                        {l.bankRef}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pages page={page} total={list.data.total} pageSize={list.data.pageSize} onChange={setPage} />
        </>
      )}
    </Panel>
  );
}

/**
 * The settlement desk (`/admin/bank-statements?status=`, decision 020): the imports waiting for a second
 * operator, the import of the by-ID account's bank statement (proposed, for `money.review`), and every
 * imported transfer with what became of it.
 */
export default function BankStatementsPage() {
  const { t } = useTranslation('admin');
  const can = useCan();
  return (
    <ConsolePage title={t('bankStatements.title')}>
      <PendingProposals kinds={IMPORT_KINDS} />
      {can('money.review') ? <ImportPanel /> : null}
      <Lines />
    </ConsolePage>
  );
}
