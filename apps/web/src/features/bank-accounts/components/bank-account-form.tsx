import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import {
  bankOfCard,
  bankOfSheba,
  cardNumberSchema,
  shebaSchema,
  type BankAccount,
  type BankAccountKind,
} from '@portal/contract/bank/bank-accounts';
import { DigitTextField } from '@/components/digit-text-field';
import { FormError } from '@/components/form/form-error';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { useAddBankAccount } from '../api/add-bank-account';
import { canNameBank, cardNumberInput, shebaInput } from '../numbers';
import { useBankName } from './bank-name';

/** Refusals that the KYC page answers: no level one yet, or no national code to match the account to. */
const KYC_CODES: ReadonlySet<string> = new Set(['KYC_REQUIRED', 'BANK_ACCOUNT_NATIONAL_CODE_REQUIRED']);

const FIELD = {
  card: {
    schema: cardNumberSchema,
    sanitize: cardNumberInput,
    bankOf: bankOfCard,
    label: 'add.cardNumber',
    hint: 'add.cardNumberHint',
    placeholder: '6037 9900 0000 0000',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
  },
  sheba: {
    schema: shebaSchema,
    sanitize: shebaInput,
    bankOf: bankOfSheba,
    label: 'add.sheba',
    hint: 'add.shebaHint',
    placeholder: 'IR00 0000 0000 0000 0000 0000 00',
    autoComplete: 'off',
    inputMode: 'text',
  },
} as const;

/** The bank named from what is typed so far (SPEC: the card's prefix, the sheba's bank code), announced politely. */
function BankOfNumber({ kind, value }: { kind: BankAccountKind; value: string }) {
  const { t } = useTranslation('bank');
  const bankName = useBankName();
  const known = canNameBank(kind, value);
  const bank = known ? FIELD[kind].bankOf(value) : null;
  return (
    <Box role="status" sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 1 }}>
      {known ? (
        <>
          <AccountBalanceOutlined fontSize="small" color={bank ? 'primary' : 'disabled'} aria-hidden="true" />
          <Typography variant="body2" color={bank ? 'text.primary' : 'text.secondary'}>
            {bank ? t('add.bank', { bank: bankName(bank) }) : t('add.unknownBank')}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

/**
 * One way of adding an account: its card number or its sheba, checked as it is typed with the
 * contract's own schema (16 digits and Luhn; IR, 24 digits and mod-97), Persian digits accepted. The
 * server then asks whether the account is the user's; its refusals are shown translated.
 */
export function BankAccountForm({ kind, onAdded }: { kind: BankAccountKind; onAdded: (account: BankAccount) => void }) {
  const { t } = useTranslation('bank');
  const { lng } = useFormat();
  const errorMessage = useErrorMessage();
  const add = useAddBankAccount();
  const field = FIELD[kind];
  const schema = useMemo(() => z.object({ value: field.schema }), [field]);
  const form = useForm<{ value: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { value: '' },
    mode: 'all',
  });
  const value = useWatch({ control: form.control, name: 'value' });

  const onSubmit = form.handleSubmit(({ value: number }) => {
    if (add.isPending) return;
    add.mutate(kind === 'card' ? { kind, cardNumber: number } : { kind, sheba: number }, { onSuccess: onAdded });
  });

  const refusedForKyc = isApiError(add.error) && KYC_CODES.has(add.error.code);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Controller
        name="value"
        control={form.control}
        render={({ field: input, fieldState, formState }) => {
          const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
          return (
            <DigitTextField
              id={`bank-${kind}`}
              name={input.name}
              label={t(field.label)}
              value={input.value}
              onChange={(e) => {
                if (add.error) add.reset();
                input.onChange(e);
              }}
              onBlur={input.onBlur}
              inputRef={input.ref}
              sanitize={field.sanitize}
              placeholder={formatDigits(field.placeholder, lng)}
              disabled={add.isPending}
              error={show}
              helperText={show ? t(`translation:validation.${fieldState.error?.message ?? 'required'}`) : t(field.hint)}
              autoComplete={field.autoComplete}
              inputProps={{ dir: 'ltr', inputMode: field.inputMode, spellCheck: false }}
            />
          );
        }}
      />
      <BankOfNumber kind={kind} value={value} />
      {add.error ? <FormError message={errorMessage(add.error)} /> : null}
      {refusedForKyc ? (
        <Button component={RouterLink} to={paths.profileKyc.getHref()} sx={{ alignSelf: 'flex-start' }}>
          {t('add.toKyc')}
        </Button>
      ) : null}
      <Button type="submit" variant="contained" loading={add.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('add.submit')}
      </Button>
    </Stack>
  );
}
