import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressBook, TetherNetworkView, TetherWithdrawal } from '@portal/contract/tether/chain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { shortChainText } from '@/components/chain/chain-details';
import { DigitTextField } from '@/components/digit-text-field';
import { TextInput } from '@/components/form/text-input';
import { useFormat } from '@/hooks/use-format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { displayTyped, sanitizeTyped } from '@/lib/typed-amount';
import { refusalPlace, useChainErrorMessage } from '../refusals';
import { addTether, allAmount, fromMicro, TETHER_SCALE, toMicro } from '../tether-amounts';
import { bookEntryOf, isUsable, withdrawFormSchema, type WithdrawFormSchema } from '../withdraw-rules';
import { DetailRows } from './detail-rows';
import { FormRefusal } from './form-refusal';
import { NetworkPicker } from './network-picker';
import { TetherWithdrawDialog, type WithdrawAttempt } from './withdraw-dialog';

type Input = z.input<WithdrawFormSchema>;
type Output = z.output<WithdrawFormSchema>;
type Field = keyof Input;

/** A typed amount that is a plain number (`"12.5"`), for the live figures; null otherwise. */
const plainAmount = (typed: string) => (/^\d+(\.\d+)?$/.test(typed) ? fromMicro(toMicro(typed)) : null);

/**
 * The tether withdrawal form (SPEC §2 "Tether withdraw: destination address, network, amount, same
 * verification"; decision 032's react-hook-form with the contract's rules): the network (one closed for
 * withdrawals is disabled with the reason), the destination typed or pasted (checked for that network as it
 * is typed: format and checksum) or chosen from the address book, the amount («all» fills the balance less
 * the fee), the fee and what arrives shown as it is typed. Submitting opens the verification with a new
 * attempt; the server's refusals come back on their field or above the form.
 */
export function TetherWithdrawForm({
  networks,
  available,
  remainingToday,
  book,
  twoFactor,
  onDone,
}: {
  networks: readonly TetherNetworkView[];
  available: string;
  remainingToday: string | null;
  book: AddressBook | null;
  twoFactor: boolean;
  onDone: (withdrawal: TetherWithdrawal) => void;
}) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const chainError = useChainErrorMessage();
  const schema = useMemo(
    () => withdrawFormSchema({ networks, available, remainingToday, book, now: Date.now() }),
    [networks, available, remainingToday, book],
  );
  const firstOpen = networks.find((n) => n.withdrawalEnabled)?.network ?? '';
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { network: firstOpen, address: '', amount: '' },
    mode: 'all',
  });
  const [attempt, setAttempt] = useState<WithdrawAttempt | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  /** The server's refusal of a field, shown until that field changes. */
  const [served, setServed] = useState<{ field: Field; value: string; message: string } | null>(null);
  const servedOn = (field: Field, value: string) =>
    served && served.field === field && served.value === value ? served.message : undefined;
  const [network, typedAddress, typedAmount] = useWatch({
    control: form.control,
    name: ['network', 'address', 'amount'],
  });
  const view = networks.find((n) => n.network === network);

  // The server's word on a field goes as soon as the field changes (even back to what was refused).
  const typed: Record<Field, string> = { network, address: typedAddress, amount: typedAmount };
  const servedStale = served !== null && typed[served.field] !== served.value;
  useEffect(() => {
    if (servedStale) setServed(null);
  }, [servedStale]);

  // A new balance, limit or address book checks again what was typed.
  const { getFieldState, trigger } = form;
  const recheck = useCallback(() => {
    const dirty = (['address', 'amount'] as const).filter((f) => getFieldState(f).isDirty);
    if (dirty.length > 0) void trigger(dirty);
  }, [getFieldState, trigger]);
  useEffect(recheck, [schema, recheck]);

  const tether = (v: string) => fmt.money(v, 'USDT');
  const message = (error: FieldError): string => {
    const rule = error.message ?? 'required';
    switch (rule) {
      case 'networkClosed':
        return t('withdraw.form.rules.networkClosed');
      case 'notWhitelisted':
        return t('withdraw.form.rules.notWhitelisted');
      case 'notUsableYet': {
        const entry = view ? bookEntryOf(book, view.network, form.getValues('address')) : undefined;
        return t('withdraw.form.rules.notUsableYet', { until: entry ? fmt.date(entry.usableAt, 'dateTime') : '' });
      }
      case 'belowMin':
        return t('withdraw.form.rules.belowMin', { min: tether(view?.minWithdrawal ?? '0') });
      case 'aboveMax':
        return t('withdraw.form.rules.aboveMax', { max: tether(view?.maxWithdrawal ?? '0') });
      case 'overDaily':
        return t('withdraw.form.rules.overDaily', { remaining: tether(remainingToday ?? '0') });
      case 'overBalance':
        return t('withdraw.form.rules.overBalance', {
          available: tether(available),
          fee: tether(view?.withdrawalFee ?? '0'),
        });
      case 'amountDecimals':
        return t('translation:validation.amountDecimals', { scale: fmt.number(TETHER_SCALE) });
      default:
        return t(`translation:validation.${rule}`);
    }
  };

  const onSubmit = form.handleSubmit((request) => {
    setRefusal(null);
    setServed(null);
    setAttempt({ ...request, key: newIdempotencyKey() });
  });

  const onRefused = (error: unknown) => {
    setAttempt(null);
    const place = refusalPlace(error);
    if (place === 'network' || place === 'address' || place === 'amount') {
      setServed({ field: place, value: form.getValues(place), message: chainError(error) });
    } else setRefusal(error);
  };

  const fill = view ? allAmount({ available, fee: view.withdrawalFee, max: view.maxWithdrawal, remainingToday }) : null;
  const amountNow = plainAmount(typedAmount);
  const savedHere = view ? (book?.items ?? []).filter((e) => e.network === view.network) : [];

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} aria-label={t('withdraw.form.title')} onSubmit={onSubmit}>
        {refusal ? <FormRefusal error={refusal} /> : null}

        <Controller
          control={form.control}
          name="network"
          render={({ field, fieldState, formState }) => (
            <NetworkPicker
              name="withdraw-network"
              legend={t('withdraw.form.network')}
              networks={networks}
              direction="withdrawal"
              value={view?.network ?? ''}
              onChange={(n) => {
                field.onChange(n);
                recheck();
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              detail={(n) => t('withdraw.form.networkDetail', { fee: tether(n.withdrawalFee) })}
              error={
                servedOn('network', field.value) ??
                (fieldState.error && (fieldState.isTouched || formState.isSubmitted)
                  ? message(fieldState.error)
                  : undefined)
              }
            />
          )}
        />

        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState, formState }) => {
            const errorText =
              servedOn('address', field.value) ??
              (fieldState.error && (field.value !== '' || formState.isSubmitted)
                ? message(fieldState.error)
                : undefined);
            const chosen = view ? bookEntryOf(book, view.network, field.value) : undefined;
            return (
              <Stack spacing={1.5}>
                {savedHere.length > 0 ? (
                  <TextField
                    select
                    id="withdraw-saved-address"
                    label={t('withdraw.form.fromBook')}
                    value={chosen?.id ?? ''}
                    onChange={(e) => {
                      const entry = savedHere.find((x) => x.id === e.target.value);
                      form.setValue('address', entry?.address ?? '', {
                        shouldDirty: true,
                        shouldTouch: true,
                        shouldValidate: true,
                      });
                    }}
                    fullWidth
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="">{t('withdraw.form.fromBookNone')}</option>
                    {savedHere.map((e) => {
                      const waiting = Boolean(book?.whitelist) && !isUsable(e, Date.now());
                      return (
                        <option key={e.id} value={e.id} disabled={waiting}>
                          {waiting
                            ? t('withdraw.form.bookOptionWaiting', {
                                label: e.label,
                                address: shortChainText(e.address),
                                until: fmt.date(e.usableAt, 'dateTime'),
                              })
                            : t('withdraw.form.bookOption', { label: e.label, address: shortChainText(e.address) })}
                        </option>
                      );
                    })}
                  </TextField>
                ) : null}
                <TextInput
                  id="withdraw-address"
                  name={field.name}
                  label={t('withdraw.form.address')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete="off"
                  error={errorText !== undefined}
                  helperText={
                    errorText ??
                    (book?.whitelist
                      ? t('withdraw.form.addressHintWhitelist')
                      : t('withdraw.form.addressHint', { network: view ? t(`networks.${view.network}`) : '' }))
                  }
                  inputProps={{
                    dir: 'ltr',
                    spellCheck: false,
                    autoCapitalize: 'off',
                    style: { fontFamily: 'monospace' },
                  }}
                />
              </Stack>
            );
          }}
        />

        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState, formState }) => {
            const errorText =
              servedOn('amount', field.value) ??
              (fieldState.error && (field.value !== '' || formState.isSubmitted)
                ? message(fieldState.error)
                : undefined);
            return (
              <DigitTextField
                id="withdraw-amount"
                name={field.name}
                label={t('withdraw.form.amount')}
                value={displayTyped(field.value, fmt.lng)}
                sanitize={sanitizeTyped}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  field.onBlur();
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="off"
                error={errorText !== undefined}
                helperText={
                  errorText ??
                  (view
                    ? t('withdraw.form.amountHint', {
                        min: tether(view.minWithdrawal),
                        max: tether(view.maxWithdrawal),
                      })
                    : ' ')
                }
                inputProps={{ inputMode: 'decimal', dir: 'ltr' }}
                endAdornment={
                  <InputAdornment position="end">
                    <Button
                      size="small"
                      disabled={fill === null}
                      onClick={() =>
                        form.setValue('amount', fill ?? '', {
                          shouldDirty: true,
                          shouldTouch: true,
                          shouldValidate: true,
                        })
                      }
                    >
                      {t('withdraw.form.all')}
                    </Button>
                  </InputAdornment>
                }
              />
            );
          }}
        />

        {view ? (
          <Box
            role="group"
            aria-label={t('withdraw.figures.title')}
            sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
          >
            <DetailRows
              rows={[
                [t('withdraw.figures.fee'), tether(view.withdrawalFee)],
                [t('withdraw.figures.received'), amountNow ? tether(amountNow) : '—'],
                [t('withdraw.figures.total'), amountNow ? tether(addTether(amountNow, view.withdrawalFee)) : '—'],
                [t('withdraw.figures.available'), tether(available)],
              ]}
            />
          </Box>
        ) : null}

        <Typography variant="body2" color="text.secondary">
          {t('withdraw.form.review')}
        </Typography>

        <Button type="submit" variant="contained" size="large" sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160 }}>
          {t('withdraw.form.submit')}
        </Button>
      </Stack>

      {/* Outside the form: the dialog's own code form must not submit this one (React events bubble through portals). */}
      <TetherWithdrawDialog
        attempt={attempt}
        twoFactor={twoFactor}
        onClose={() => setAttempt(null)}
        onRefused={onRefused}
        onDone={(w) => {
          setAttempt(null);
          form.reset({ network: form.getValues('network'), address: '', amount: '' });
          onDone(w);
        }}
      />
    </>
  );
}
