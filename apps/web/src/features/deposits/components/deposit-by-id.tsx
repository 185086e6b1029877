import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import {
  DEPOSIT_BY_ID_DAILY_CAP_TOMAN,
  DEPOSIT_BY_ID_DESTINATION,
  DEPOSIT_BY_ID_RETURN_FEE_TOMAN,
  type DepositById,
  type DepositId,
} from '@portal/contract/wallet/deposit-by-id';
import { BANK_CYCLES_TEHRAN } from '@portal/contract/wallet/withdrawals';
import { ErrorState } from '@/components/errors/error-state';
import { AccountRadioField } from '@/components/form/account-radio-field';
import { FormError } from '@/components/form/form-error';
import { SectionLoading } from '@/components/layouts/page-shell';
import { useNotify } from '@/components/notices/notices';
import { paths } from '@/config/paths';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { useCreateDepositId, useDepositByIdOverview } from '../api/deposit-by-id';
import { useBankAccounts } from '@/lib/queries/bank-accounts';
import { ltr } from './card-label';
import { useFieldMessage } from './field-message';

const schema = z.object({ bankAccountId: z.string().min(1, { message: 'select' }) });
type Input = z.input<typeof schema>;

/** A number to copy: its label, the number (left to right, in the reader's digits) and a copy button. */
function CopyRow({ label, value, copyLabel, big }: { label: string; value: string; copyLabel: string; big?: boolean }) {
  const { lng } = useFormat();
  const copy = useCopyToClipboard();
  const { success, errorKey } = useNotify();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={big ? 'h6' : 'body2'}
        sx={{ m: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
      >
        {ltr(formatDigits(value, lng))}
        <IconButton
          size="small"
          aria-label={copyLabel}
          onClick={() =>
            void copy(value).then((ok) =>
              ok ? success('deposit:byId.copied', { what: label }) : errorKey('notices.copyFailed'),
            )
          }
        >
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Typography>
    </Box>
  );
}

/** The portal's account to transfer to (contract `DEPOSIT_BY_ID_DESTINATION`), numbers with copy buttons. */
function Destination() {
  const { t } = useTranslation('deposit');
  const { t: tBank } = useTranslation('bank');
  const bank = tBank(`banks.${DEPOSIT_BY_ID_DESTINATION.bank}`);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} aria-labelledby="by-id-destination">
      <Typography id="by-id-destination" sx={{ fontWeight: 600, mb: 1 }}>
        {t('byId.destination.title', { bank })}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <CopyRow
          label={t('byId.destination.accountNumber')}
          value={DEPOSIT_BY_ID_DESTINATION.accountNumber}
          copyLabel={t('byId.destination.copyAccountNumber')}
        />
        <CopyRow
          label={t('byId.destination.sheba')}
          value={DEPOSIT_BY_ID_DESTINATION.sheba}
          copyLabel={t('byId.destination.copySheba')}
        />
      </Box>
    </Paper>
  );
}

const STATUS_COLOR = {
  Pending: 'default',
  Credited: 'success',
  Returning: 'warning',
  Returned: 'info',
} as const;

/** My latest transfers by ID: what reached the wallet, and what goes (or went) back, when and why. */
function Transfers({ items }: { items: readonly DepositById[] }) {
  const { t } = useTranslation('deposit');
  const fmt = useFormat();
  if (items.length === 0)
    return (
      <Typography color="text.secondary" variant="body2">
        {t('byId.transfers.empty')}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('byId.transfers.title')}>
      {items.map((d) => (
        <Paper component="li" key={d.id} variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{fmt.money(d.amount, 'IRT')}</Typography>
            <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`byId.status.${d.status}`)} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {fmt.date(d.bookedAt, 'dateTime')}
          </Typography>
          {d.credited !== '0' ? (
            <Typography variant="body2">
              {t('byId.transfers.credited', { credited: fmt.money(d.credited, 'IRT'), fee: fmt.money(d.fee, 'IRT') })}
            </Typography>
          ) : null}
          {d.returnReason ? (
            <Typography variant="body2">
              {t(`byId.transfers.${d.status === 'Returned' ? 'returned' : 'returning'}`, {
                amount: fmt.money(d.returned, 'IRT'),
                at: d.returnAt ? fmt.date(d.returnAt, 'dateTime') : '',
              })}{' '}
              {t(`byId.reason.${d.returnReason}`)}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The by-ID tab (SPEC §2 "Deposit", §9; decision 020): the investor chooses one of their own sheba
 * accounts and gets its payment ID (made on first ask, the same ever after), transfers from that account
 * to the portal's account writing the ID, and the wallet is credited when the bank statement is matched.
 * The rules are spelled out: the fee, the daily cap and the bank cycles, and what happens to a transfer
 * without the right ID.
 */
export function DepositById() {
  const { t } = useTranslation('deposit');
  const { t: tBank } = useTranslation('bank');
  const fmt = useFormat();
  const message = useFieldMessage();
  const errorMessage = useErrorMessage();
  const overview = useDepositByIdOverview();
  const accounts = useBankAccounts();
  const create = useCreateDepositId();
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { bankAccountId: '' },
    mode: 'all',
  });
  const chosen = form.watch('bankAccountId');

  if (overview.isPending || accounts.isPending) return <SectionLoading />;
  if (overview.isError || accounts.isError) {
    const failed = overview.isError ? overview : accounts;
    return (
      <ErrorState
        error={failed.error}
        onRetry={() => void Promise.all([overview.refetch(), accounts.refetch()])}
        isRetrying={overview.isFetching || accounts.isFetching}
      />
    );
  }

  const shebas = accounts.data.items.filter((a) => a.shebaMasked !== null);
  const idOf = (accountId: string): DepositId | undefined =>
    overview.data.items.find((i) => i.bankAccountId === accountId);
  const bankName = (a: BankAccount) => (a.bank ? tBank(`banks.${a.bank}`) : tBank('unknownBank'));
  const current = chosen ? idOf(chosen) : undefined;
  const rules = {
    fee: fmt.percent(0.0001),
    cap: fmt.money(DEPOSIT_BY_ID_DAILY_CAP_TOMAN.toString(), 'IRT'),
    left: fmt.money(overview.data.capLeftToday, 'IRT'),
    cycles: BANK_CYCLES_TEHRAN.map((c) => formatDigits(c, fmt.lng)).join(fmt.lng === 'en' ? ', ' : '، '),
    returnFee: fmt.money(DEPOSIT_BY_ID_RETURN_FEE_TOMAN.toString(), 'IRT'),
  };

  const onSubmit = form.handleSubmit(({ bankAccountId }) => {
    if (!create.isPending) create.mutate(bankAccountId);
  });

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('byId.text')}</Typography>
      <Alert severity="info" icon={false}>
        <Box component="ul" sx={{ m: 0, ps: 2.5, display: 'grid', gap: 0.5 }}>
          <li>{t('byId.rules.fee', rules)}</li>
          <li>{t('byId.rules.cap', rules)}</li>
          <li>{t('byId.rules.wrongId', rules)}</li>
        </Box>
      </Alert>
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {t('byId.capLeft', rules)}
      </Typography>

      {shebas.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('byId.noSheba')}</Typography>
          <Button component={RouterLink} to={paths.addBankAccount.getHref()} variant="contained">
            {t('byId.addSheba')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('byId.formLabel')}>
          <AccountRadioField
            control={form.control}
            name="bankAccountId"
            legend={t('byId.source')}
            accounts={shebas}
            title={bankName}
            detail={(a) => ltr(formatDigits(a.shebaMasked ?? '', fmt.lng))}
            hint={t('byId.sourceHint')}
            message={message}
            onChange={() => create.reset()}
          />
          {create.error ? <FormError message={errorMessage(create.error)} /> : null}
          {current ? null : (
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={create.isPending}
              sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
            >
              {t('byId.create')}
            </Button>
          )}
        </Stack>
      )}

      {current ? (
        <Stack spacing={2} aria-live="polite">
          <Paper variant="outlined" sx={{ p: 1.5, borderColor: 'primary.main' }}>
            <Box component="dl" sx={{ m: 0 }}>
              <CopyRow big label={t('byId.paymentId')} value={current.paymentId} copyLabel={t('byId.copyPaymentId')} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('byId.paymentIdHint', { sheba: ltr(formatDigits(current.shebaMasked, fmt.lng)) })}
            </Typography>
          </Paper>
          <Destination />
        </Stack>
      ) : null}

      <Box component="section" aria-labelledby="by-id-transfers">
        <Typography id="by-id-transfers" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('byId.transfers.title')}
        </Typography>
        <Transfers items={overview.data.deposits} />
      </Box>
    </Stack>
  );
}
