import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import { createWithdrawalBody, WITHDRAWAL_MIN_TOMAN, type Withdrawal } from '@portal/contract/wallet/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DigitTextField, onlyDigits } from '@/components/digit-text-field';
import { useFormat } from '@/hooks/use-format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountNumberText, useBankName } from './bank-account-label';
import { VerifyWithdrawalDialog, type WithdrawalAttempt } from './verify-withdrawal-dialog';

const amountSchema = createWithdrawalBody.shape.amount;
const MAX_AMOUNT_DIGITS = 15;

/**
 * The toman withdrawal form (SPEC §2 "Withdraw", §5): the destination among the user's bank accounts,
 * the amount (at least the contract's minimum, at most the available balance; «whole balance» fills
 * it), checked on change and on blur; submitting opens the verification modal with a new attempt.
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
  const [bankAccountId, setBankAccountId] = useState(accounts.length === 1 ? accounts[0]!.id : '');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState({ account: false, amount: false });
  const [attempt, setAttempt] = useState<WithdrawalAttempt | null>(null);

  const parsed = amountSchema.safeParse(amount);
  const amountError = !parsed.success
    ? amount === ''
      ? t('translation:validation.required')
      : t(`translation:validation.${parsed.error.issues[0]?.message ?? 'amountInvalid'}`, {
          min: fmt.amount(WITHDRAWAL_MIN_TOMAN.toString(), 'IRT'),
        })
    : BigInt(parsed.data) > BigInt(available.split('.')[0] ?? '0')
      ? t('withdraw.form.overBalance', { available: fmt.money(available, 'IRT') })
      : null;
  const accountError = bankAccountId === '' ? t('translation:validation.select') : null;
  const showAmountError = touched.amount && amountError !== null;
  const showAccountError = touched.account && accountError !== null;

  const label = (a: BankAccount) => `${bankName(a)} – ${accountNumberText(a, fmt.lng, t)}`;

  return (
    <>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        aria-label={t('withdraw.form.title')}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched({ account: true, amount: true });
          const account = accounts.find((a) => a.id === bankAccountId);
          if (!account || amountError !== null || !parsed.success) return;
          setAttempt({ bankAccountId, amount: parsed.data, accountText: label(account), key: newIdempotencyKey() });
        }}
      >
        <FormControl component="fieldset" error={showAccountError}>
          <FormLabel component="legend" sx={{ mb: 1 }}>
            {t('withdraw.form.account')}
          </FormLabel>
          <RadioGroup
            name="bankAccountId"
            value={bankAccountId}
            onChange={(e) => {
              setBankAccountId(e.target.value);
              setTouched((s) => ({ ...s, account: true }));
            }}
          >
            {accounts.map((a) => (
              <FormControlLabel
                key={a.id}
                value={a.id}
                control={<Radio />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography>{bankName(a)}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {accountNumberText(a, fmt.lng, t)}
                    </Typography>
                  </Box>
                }
                sx={{ mx: 0, alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
              />
            ))}
          </RadioGroup>
          {showAccountError ? <FormHelperText>{accountError}</FormHelperText> : null}
        </FormControl>

        <DigitTextField
          id="withdraw-amount"
          name="amount"
          label={t('withdraw.form.amount')}
          value={amount === '' ? '' : fmt.amount(amount, 'IRT')}
          sanitize={onlyDigits(MAX_AMOUNT_DIGITS)}
          onChange={(e) => {
            setAmount(e.target.value.replace(/^0+(?=\d)/, ''));
            setTouched((s) => ({ ...s, amount: true }));
          }}
          onBlur={() => setTouched((s) => ({ ...s, amount: amount !== '' || s.amount }))}
          autoComplete="off"
          error={showAmountError}
          helperText={
            showAmountError
              ? amountError
              : t('withdraw.form.amountHint', { min: fmt.amount(WITHDRAWAL_MIN_TOMAN.toString(), 'IRT') })
          }
          inputProps={{ inputMode: 'numeric' }}
          endAdornment={
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={() => {
                  setAmount(available.split('.')[0] ?? '0');
                  setTouched((s) => ({ ...s, amount: true }));
                }}
              >
                {t('withdraw.form.selectAll')}
              </Button>
            </InputAdornment>
          }
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
          setAmount('');
          setTouched({ account: false, amount: false });
          onDone(w);
        }}
      />
    </>
  );
}
