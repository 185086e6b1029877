import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BankAccount } from '@portal/contract/bank/bank-accounts';
import {
  GATEWAY_DEPOSIT_MAX_TOMAN,
  GATEWAY_DEPOSIT_MIN_TOMAN,
  startGatewayDepositBody,
} from '@portal/contract/wallet/deposits';
import { AccountRadioField } from '@/components/form/account-radio-field';
import { AmountField } from '@/components/form/amount-field';
import { FormError } from '@/components/form/form-error';
import { useFormat } from '@/hooks/use-format';
import { useErrorMessage } from '@/lib/error-message';
import { formatDigits } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useStartGatewayDeposit } from '../api/start-gateway-deposit';
import { groupedCard, ltr } from './card-label';
import { useFieldMessage } from './field-message';

const schema = z.object({
  amount: z.string().min(1, { message: 'required' }).pipe(startGatewayDepositBody.shape.amount),
  bankAccountId: z.string().min(1, { message: 'select' }),
});
type Input = z.input<typeof schema>;

/** Sends the browser to the gateway (a full navigation: the payer leaves the app and comes back). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}

/**
 * The bank gateway deposit (SPEC §2 "Deposit"): the amount (10,000 to 25,000,000 toman; «choose
 * maximum» fills the cap) and the card to pay with, among the user's own cards; the server answers the
 * gateway's address and the browser goes there. One idempotency key per attempt: sending the same
 * amount and card again after a lost answer is the same deposit, not a second one.
 */
export function GatewayDepositForm({
  cards,
  bankName,
  navigate = goToGateway,
}: {
  /** The user's bank accounts that have a card. */
  cards: readonly BankAccount[];
  bankName: (account: BankAccount) => string;
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation('deposit');
  const fmt = useFormat();
  const message = useFieldMessage();
  const errorMessage = useErrorMessage();
  const start = useStartGatewayDeposit();
  const [leaving, setLeaving] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const limits = {
    min: fmt.amount(GATEWAY_DEPOSIT_MIN_TOMAN.toString(), 'IRT'),
    max: fmt.amount(GATEWAY_DEPOSIT_MAX_TOMAN.toString(), 'IRT'),
  };
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', bankAccountId: cards.length === 1 ? cards[0]!.id : '' },
    mode: 'all',
  });

  const onSubmit = form.handleSubmit((body) => {
    if (start.isPending || leaving) return;
    const canonical = JSON.stringify(body);
    if (attempt.current?.body !== canonical) attempt.current = { body: canonical, key: newIdempotencyKey() };
    start.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ redirectUrl }) => {
          setLeaving(true);
          navigate(redirectUrl);
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('gateway.title')}>
      <Typography color="text.secondary">{t('gateway.text')}</Typography>
      <AmountField
        control={form.control}
        id="gateway-amount"
        label={t('gateway.amount')}
        hint={t('gateway.amountHint', limits)}
        message={(rule) => message(rule, limits)}
        fill={{ label: t('gateway.max'), value: GATEWAY_DEPOSIT_MAX_TOMAN.toString() }}
        disabled={leaving}
      />
      <AccountRadioField
        control={form.control}
        name="bankAccountId"
        legend={t('gateway.card')}
        accounts={cards}
        title={bankName}
        detail={(a) => ltr(formatDigits(groupedCard(a.cardNumberMasked ?? ''), fmt.lng))}
        hint={t('gateway.cardHint')}
        message={message}
        disabled={leaving}
      />
      {start.error ? <FormError message={errorMessage(start.error)} /> : null}
      {leaving ? (
        <Typography role="status" color="text.secondary">
          {t('gateway.redirecting')}
        </Typography>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={start.isPending || leaving}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200 }}
      >
        {t('gateway.submit')}
      </Button>
    </Stack>
  );
}
