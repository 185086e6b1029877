import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  createOfflineDepositBody,
  OFFLINE_DEPOSIT_DESTINATION_IDS,
  OFFLINE_DEPOSIT_FEE_TOMAN,
  OFFLINE_DEPOSIT_MAX_AGE_DAYS,
  OFFLINE_DEPOSIT_MIN_TOMAN,
  offlineDepositCredit,
  receiptNumberSchema,
  type OfflineDeposit,
} from '@portal/contract/wallet/offline-deposits';
import { AmountField } from '@/components/form/amount-field';
import { DigitTextField } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCreateOfflineDeposit } from '../api/create-offline-deposit';
import { depositDateInputSchema, emptyDepositDate, type DepositDateInput } from '../deposit-date';
import { DepositDateField } from './deposit-date-field';
import { DestinationPicker } from './destination-picker';
import { useFieldMessage } from './field-message';
import { ReceiptField } from './receipt-field';

interface OfflineInput {
  amount: string;
  receiptNumber: string;
  destination: string;
  depositDate: DepositDateInput;
  receiptFileId: string;
}

/**
 * The offline deposit (SPEC §2 "Deposit", §5, §9; decision 018): the investor paid at the bank into one
 * of the portal's accounts and declares the amount (at least 1,000,000 toman; the 4,000 toman fee and
 * what reaches the wallet are shown), the bank's receipt number, which account, the day (in the user's
 * calendar, not after today, at most 30 days back) and a photo of the receipt, uploaded first. One
 * idempotency key per attempt: the same declaration sent again is the same request.
 */
export function OfflineDepositForm({ onDone }: { onDone: (deposit: OfflineDeposit) => void }) {
  const { t } = useTranslation('deposit');
  const fmt = useFormat();
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const create = useCreateOfflineDeposit();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const values = {
    min: fmt.amount(OFFLINE_DEPOSIT_MIN_TOMAN.toString(), 'IRT'),
    fee: fmt.amount(OFFLINE_DEPOSIT_FEE_TOMAN.toString(), 'IRT'),
    days: fmt.number(OFFLINE_DEPOSIT_MAX_AGE_DAYS),
  };
  const message = (rule: string | undefined) => fieldMessage(rule, values);
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().min(1, { message: 'required' }).pipe(createOfflineDepositBody.shape.amount),
        receiptNumber: z.string().min(1, { message: 'required' }).pipe(receiptNumberSchema),
        destination: z.string().pipe(z.enum(OFFLINE_DEPOSIT_DESTINATION_IDS, { message: 'select' })),
        depositDate: depositDateInputSchema(fmt.calendar),
        receiptFileId: z.string().min(1, { message: 'upload' }),
      }),
    [fmt.calendar],
  );
  const form = useForm<OfflineInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', receiptNumber: '', destination: '', depositDate: emptyDepositDate, receiptFileId: '' },
    mode: 'all',
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const credit =
    /^\d+$/.test(amount) && BigInt(amount) >= OFFLINE_DEPOSIT_MIN_TOMAN ? offlineDepositCredit(BigInt(amount)) : null;

  const onSubmit = form.handleSubmit((body) => {
    if (create.isPending) return;
    const canonical = JSON.stringify(body);
    if (attempt.current?.body !== canonical) attempt.current = { body: canonical, key: newIdempotencyKey() };
    create.mutate({ body, idempotencyKey: attempt.current.key }, { onSuccess: onDone });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('offline.title')}>
      <Typography color="text.secondary">{t('offline.text', values)}</Typography>
      <DestinationPicker control={form.control} message={message} disabled={create.isPending} />
      <AmountField
        control={form.control}
        id="offline-amount"
        label={t('offline.amount')}
        hint={t('offline.amountHint', values)}
        message={message}
        disabled={create.isPending}
      />
      <Box
        component="dl"
        aria-label={t('offline.summary.label')}
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          gap: 1,
        }}
      >
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('offline.summary.fee')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
          {fmt.money(OFFLINE_DEPOSIT_FEE_TOMAN.toString(), 'IRT')}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('offline.summary.credited')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
          {credit ? fmt.money(credit.credited.toString(), 'IRT') : '—'}
        </Typography>
      </Box>
      <Controller
        name="receiptNumber"
        control={form.control}
        render={({ field, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <DigitTextField
              id="offline-receipt-number"
              name={field.name}
              label={t('offline.receiptNumber')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoComplete="off"
              disabled={create.isPending}
              error={show}
              helperText={show ? message(fieldState.error?.message) : t('offline.receiptNumberHint')}
              inputProps={{ dir: 'ltr', maxLength: 40 }}
            />
          );
        }}
      />
      <DepositDateField control={form.control} message={message} disabled={create.isPending} />
      <ReceiptField control={form.control} message={message} disabled={create.isPending} />
      {create.error ? <FormError message={errorMessage(create.error)} /> : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={create.isPending}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
      >
        {t('offline.submit')}
      </Button>
    </Stack>
  );
}
