import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminFund } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import { CURRENCY_SCALE } from '@portal/contract/core/money';
import { fundAmountIssue, normalizeFundAmount } from '@portal/contract/funds/orders';
import { ErrorState } from '@/components/errors/error-state';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { pageParam } from '@/lib/page-window';
import { fundDividendsQueryOptions, useDistributeDividend } from './api';
import { useCan } from '../shell/operator';
import { withPage } from '../shell/url';
import { DialogButtons } from '../shell/dialog-buttons';
import { EmptyState, Loading, Pages, Panel } from '../shell/console-page';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { FundMoney, useFundErrorMessage, useFundRuleMessage } from './fund-labels';
import { useLocalized } from '../shell/localized';
import { useDigitInput } from '@/components/digit-text-field';

/**
 * A dividend (`FundHolderDividendDistribution`, `funds.manage`): an amount per whole unit, proposed after a
 * confirmation that says what it pays, and paid to every holder of the fund when a second operator
 * approves it (issue 15). One idempotency key per attempt: a retry after a lost answer proposes once.
 */
function Distribute({ fund, onProposed }: { fund: AdminFund; onProposed: (p: Proposal) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const digits = useDigitInput();
  const localized = useLocalized();
  const notify = useNotify();
  const message = useFundRuleMessage();
  const errorMessage = useFundErrorMessage();
  const distribute = useDistributeDividend(fund.id);
  const [perUnit, setPerUnit] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const attempt = useRef<{ perUnit: string; key: string } | null>(null);
  const titleId = useId();
  const textId = useId();
  const value = normalizeFundAmount(perUnit);
  const rule = value === '' ? 'required' : (fundAmountIssue(value, fund.currency)?.rule ?? null);
  const show = touched && rule !== null;

  const close = () => {
    if (distribute.isPending) return;
    distribute.reset();
    setConfirming(null);
  };
  const confirm = () => {
    if (!confirming || distribute.isPending) return;
    if (attempt.current?.perUnit !== confirming) attempt.current = { perUnit: confirming, key: newIdempotencyKey() };
    distribute.mutate(
      { body: { perUnit: confirming }, idempotencyKey: attempt.current.key },
      {
        onSuccess: (proposal) => {
          notify.success('admin:funds.dividends.proposed');
          attempt.current = null;
          distribute.reset();
          setConfirming(null);
          setPerUnit('');
          setTouched(false);
          onProposed(proposal);
        },
      },
    );
  };

  return (
    <Panel id="fund-dividend-distribute" title={t('funds.dividends.distributeTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('funds.dividends.distributeText')}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label={t('funds.dividends.distributeTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (rule === null) setConfirming(value);
        }}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          id="fund-dividend-per-unit"
          name="perUnit"
          label={t('funds.dividends.perUnit')}
          {...digits({ value: perUnit, onChange: (e) => setPerUnit(e.target.value) })}
          onBlur={() => setTouched(true)}
          error={show}
          helperText={
            show
              ? message(rule ?? undefined, { scale: fmt.number(CURRENCY_SCALE[fund.currency]), max: '' })
              : t('funds.dividends.perUnitHint')
          }
          slotProps={{
            htmlInput: { dir: 'ltr', inputMode: 'decimal', autoComplete: 'off' },
            input: {
              endAdornment: (
                <InputAdornment position="end">{t(`translation:currency.${fund.currency}`)}</InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 260 }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          {t('funds.dividends.propose')}
        </Button>
      </Box>

      <Dialog
        open={confirming !== null}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{t('funds.dividends.confirmTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>
            {t('funds.dividends.confirmText', {
              perUnit: confirming ? fmt.money(confirming, fund.currency) : '',
              fund: localized(fund.name),
            })}
          </DialogContentText>
          <Alert severity="warning">{t('funds.dividends.confirmWarning')}</Alert>
          {distribute.error ? <FormError message={errorMessage(distribute.error)} /> : null}
        </DialogContent>
        <DialogButtons
          onCancel={close}
          pending={distribute.isPending}
          confirm={t('funds.dividends.confirm')}
          onConfirm={confirm}
        />
      </Dialog>
    </Panel>
  );
}

function DividendList({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const list = useQuery(fundDividendsQueryOptions(fund.id, page));
  return (
    <Panel id="fund-dividend-list" title={t('funds.dividends.listTitle')}>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('funds.dividends.empty')} />
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('funds.dividends.listTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('funds.dividends.createdAt')}</TableCell>
                  <TableCell>{t('funds.dividends.perUnit')}</TableCell>
                  <TableCell>{t('funds.dividends.holders')}</TableCell>
                  <TableCell>{t('funds.dividends.total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((d) => (
                  <TableRow key={d.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.date(d.createdAt, 'dateTime')}</TableCell>
                    <TableCell>
                      <FundMoney amount={d.perUnit} currency={d.currency} />
                    </TableCell>
                    <TableCell>{fmt.number(d.holders)}</TableCell>
                    <TableCell>
                      <FundMoney amount={d.total} currency={d.currency} strong />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Pages
            page={page}
            total={list.data.total}
            pageSize={list.data.pageSize}
            onChange={(p) => setParams(withPage(params, p))}
          />
        </>
      )}
    </Panel>
  );
}

const DIVIDEND_KINDS = ['dividend'] as const;

/**
 * The dividends tab: the dividends waiting for a second operator, the proposal of one (`funds.manage`), and
 * every dividend paid.
 */
export function FundDividendsTab({ fund }: { fund: AdminFund }) {
  const can = useCan();
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      {proposed ? <ProposedAlert proposal={proposed} onClose={() => setProposed(null)} /> : null}
      <PendingProposals fundId={fund.id} kinds={DIVIDEND_KINDS} />
      {can('funds.manage') ? <Distribute fund={fund} onProposed={setProposed} /> : null}
      <DividendList fund={fund} />
    </>
  );
}
