import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import { createWithdrawalBody, WITHDRAWAL_MIN_TOMAN, type Withdrawal } from '@portal/contract/wallet/withdrawals';
import { AccountRadioField } from '@/components/form/account-radio-field';
import { AmountField } from '@/components/form/amount-field';
import { useFormat } from '@/hooks/use-format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountNumberText, useBankName } from './bank-account-label';
import { VerifyWithdrawalDialog, type WithdrawalAttempt } from './verify-withdrawal-dialog';

/** The whole toman of a balance (a decimal string): what «whole balance» fills and the most one may ask. */
const wholeToman = (balance: string) => balance.split('.')[0] || '0';

/**
 * The form's schema: the contract's own checks of a withdrawal's destination and amount (rule keys as
 * messages), an empty amount as `required`, and an amount within the available balance (`overBalance`).
 */
export function withdrawFormSchema(available: string) {
  return createWithdrawalBody.pick({ bankAccountId: true }).extend({
    amount: z
      .string()
      .min(1, { message: 'required' })
      .pipe(createWithdrawalBody.shape.amount)
      .refine((amount) => BigInt(amount) <= BigInt(wholeToman(available)), { message: 'overBalance' }),
  });
}
type Schema = ReturnType<typeof withdrawFormSchema>;

/**
 * The toman withdrawal form (SPEC §2 "Withdraw", §5): the destination among the user's bank accounts,
 * the amount (at least the contract's minimum, at most the available balance; «whole balance» fills
 * it), checked as it is typed; submitting opens the verification modal with a new attempt.
 */
export function WithdrawForm({
  accounts,
  available,
  twoFactor,
  onDone,
}: {
  accounts: readonly BankAccount[];
  /** The toman wallet's available balance (a decimal string). */
  available: string;
  twoFactor: boolean;
  onDone: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation('wallet');
  const fmt = useFormat();
  const bankName = useBankName();
  const schema = useMemo(() => withdrawFormSchema(available), [available]);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: { bankAccountId: accounts.length === 1 ? accounts[0]!.id : '', amount: '' },
    mode: 'all',
  });
  const [attempt, setAttempt] = useState<WithdrawalAttempt | null>(null);
  const min = fmt.amount(WITHDRAWAL_MIN_TOMAN.toString(), 'IRT');

  const amountMessage = (rule: string | undefined) =>
    rule === 'overBalance'
      ? t('withdraw.form.overBalance', { available: fmt.money(available, 'IRT') })
      : t(`translation:validation.${rule ?? 'amountInvalid'}`, { min });

  const label = (a: BankAccount) => `${bankName(a)} – ${accountNumberText(a, fmt.lng, t)}`;

  const onSubmit = form.handleSubmit(({ bankAccountId, amount }) => {
    const account = accounts.find((a) => a.id === bankAccountId);
    if (!account) return;
    setAttempt({ bankAccountId, amount, accountText: label(account), key: newIdempotencyKey() });
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} aria-label={t('withdraw.form.title')} onSubmit={onSubmit}>
        <AccountRadioField
          control={form.control}
          name="bankAccountId"
          legend={t('withdraw.form.account')}
          accounts={accounts}
          title={bankName}
          detail={(a) => accountNumberText(a, fmt.lng, t)}
          message={(rule) => t(`translation:validation.${rule ?? 'select'}`)}
        />

        <AmountField
          control={form.control}
          id="withdraw-amount"
          label={t('withdraw.form.amount')}
          hint={t('withdraw.form.amountHint', { min })}
          message={amountMessage}
          fill={{ label: t('withdraw.form.selectAll'), value: wholeToman(available) }}
          eager
        />

        <Button type="submit" variant="contained" size="large" sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160 }}>
          {t('withdraw.form.submit')}
        </Button>
      </Stack>

      {/* Outside the form: the modal's own code form must not submit this one (React events bubble through portals). */}
      <VerifyWithdrawalDialog
        attempt={attempt}
        twoFactor={twoFactor}
        onClose={() => setAttempt(null)}
        onDone={(w) => {
          setAttempt(null);
          form.reset({ bankAccountId: form.getValues('bankAccountId'), amount: '' });
          onDone(w);
        }}
      />
    </>
  );
}
