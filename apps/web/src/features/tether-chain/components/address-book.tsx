import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_BOOK_COOLING_HOURS,
  ADDRESS_LABEL_MAX,
  TETHER_NETWORK_KEYS,
  type AddressBook,
  type AddressBookEntry,
} from '@portal/contract/tether/chain';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/components/form/form-error';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/notices/notices';
import { WithdrawalCodeStep } from '@/components/otp/withdrawal-code-step';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useErrorMessage } from '@/lib/error-message';
import { useAddAddress, useDeleteAddress, useSetWhitelist } from '../api/address-book';
import { addAddressFormSchema } from '../address-rules';
import { isUsable } from '../withdraw-rules';

/**
 * The address book of tether withdrawals (issue 18): my saved addresses with their labels and networks,
 * add one (its network's format and checksum checked as typed, a label), delete one after a confirmation,
 * and the whitelist switch: on at once; off only with the confirming code (the phone code or the
 * authenticator's, as a withdrawal asks), since it widens where money may go. In whitelist mode each entry
 * says from when it may be used (saved + 24 hours).
 */
export function AddressBookPanel({ book, twoFactor }: { book: AddressBook; twoFactor: boolean }) {
  const { t } = useTranslation('chain');
  const fmt = useFormat();
  const errorMessage = useErrorMessage();
  const whitelist = useSetWhitelist();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const [turningOff, setTurningOff] = useState<string | null>(null);
  const now = Date.now();

  return (
    <Stack spacing={2}>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={book.whitelist}
              disabled={whitelist.isPending}
              onChange={(e) => {
                whitelist.reset();
                if (e.target.checked) whitelist.mutate({ on: true });
                else setTurningOff(String(Date.now()));
              }}
            />
          }
          label={t('addressBook.whitelist.label')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('addressBook.whitelist.hint', { hours: fmt.number(ADDRESS_BOOK_COOLING_HOURS) })}
        </Typography>
        {whitelist.error ? <FormError message={errorMessage(whitelist.error)} /> : null}
      </Box>

      {book.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {t('addressBook.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('addressBook.listLabel')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {book.items.map((e) => {
            const headingId = `address-${e.id}`;
            const usable = isUsable(e, now);
            return (
              <Box
                key={e.id}
                component="li"
                aria-labelledby={headingId}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1 }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography id={headingId} component="h3" sx={{ fontWeight: 700 }}>
                      {e.label}
                    </Typography>
                    <Chip size="small" variant="outlined" label={t(`networks.${e.network}`)} />
                  </Box>
                  <Typography dir="ltr" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {e.address}
                  </Typography>
                  {book.whitelist ? (
                    <Typography variant="body2" color={usable ? 'success.main' : 'warning.main'}>
                      {usable
                        ? t('addressBook.usable')
                        : t('addressBook.usableFrom', { date: fmt.date(e.usableAt, 'dateTime') })}
                    </Typography>
                  ) : null}
                </Box>
                <IconButton
                  aria-label={t('addressBook.delete.button', { label: e.label })}
                  onClick={() => setDeleting(e)}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  <DeleteOutline />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}

      <Button
        variant="outlined"
        startIcon={<AddOutlined />}
        onClick={() => setAdding(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('addressBook.add.button')}
      </Button>

      <AddAddressDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteAddressDialog entry={deleting} onClose={() => setDeleting(null)} />
      <WhitelistOffDialog attemptKey={turningOff} twoFactor={twoFactor} onClose={() => setTurningOff(null)} />
    </Stack>
  );
}

type AddInput = z.input<typeof addAddressFormSchema>;
type AddOutput = z.output<typeof addAddressFormSchema>;

/** Saving an address: network, address (checked for the network as typed), label. */
function AddAddressDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('chain');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('addressBook.add.title')}</DialogTitle>
      {open ? <AddAddressForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function AddAddressForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chain');
  const errorMessage = useErrorMessage();
  const { success } = useNotify();
  const add = useAddAddress();
  const form = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(addAddressFormSchema),
    defaultValues: { network: TETHER_NETWORK_KEYS[0], address: '', label: '' },
    mode: 'all',
  });
  const [refusal, setRefusal] = useState<unknown>(null);

  const message = (error: FieldError) => {
    if (error.type === 'server') return error.message ?? '';
    const rule = error.message ?? 'required';
    if (rule === 'max') return t('addressBook.add.labelMax', { max: ADDRESS_LABEL_MAX });
    return t(`translation:validation.${rule}`);
  };

  const onSubmit = form.handleSubmit((body) => {
    setRefusal(null);
    add.mutate(body, {
      onSuccess: () => {
        success('chain:addressBook.add.done');
        onClose();
      },
      onError: (error) => {
        const issue = isApiError(error) && error.code === 'VALIDATION_FAILED' ? error.details?.issues?.[0] : undefined;
        if (
          isApiError(error) &&
          (error.code === 'ADDRESS_BOOK_DUPLICATE' ||
            error.code === 'ADDRESS_IS_PORTAL_DEPOSIT' ||
            issue?.path === 'address')
        )
          form.setError('address', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
        else setRefusal(error);
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('addressBook.add.title')}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <Controller
          control={form.control}
          name="network"
          render={({ field }) => (
            <TextField
              select
              id="address-book-network"
              label={t('addressBook.add.network')}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                if (form.getFieldState('address').isDirty) void form.trigger('address');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {TETHER_NETWORK_KEYS.map((n) => (
                <option key={n} value={n}>
                  {t(`networks.${n}`)}
                </option>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (field.value !== '' || formState.isSubmitted);
            return (
              <TextInput
                id="address-book-address"
                name={field.name}
                label={t('addressBook.add.address')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="off"
                error={show}
                helperText={show && fieldState.error ? message(fieldState.error) : ' '}
                inputProps={{
                  dir: 'ltr',
                  spellCheck: false,
                  autoCapitalize: 'off',
                  style: { fontFamily: 'monospace' },
                }}
              />
            );
          }}
        />
        <Controller
          control={form.control}
          name="label"
          render={({ field, fieldState, formState }) => {
            const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
            return (
              <TextInput
                id="address-book-label"
                name={field.name}
                label={t('addressBook.add.label')}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="off"
                error={show}
                helperText={show && fieldState.error ? message(fieldState.error) : t('addressBook.add.labelHint')}
                inputProps={{ maxLength: ADDRESS_LABEL_MAX + 10 }}
              />
            );
          }}
        />
        {refusal ? <FormError message={errorMessage(refusal)} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={add.isPending}>
          {t('translation:common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={add.isPending}>
          {t('addressBook.add.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Deleting a saved address after the user confirms which one. */
function DeleteAddressDialog({ entry, onClose }: { entry: AddressBookEntry | null; onClose: () => void }) {
  const { t } = useTranslation('chain');
  const titleId = useId();
  const errorMessage = useErrorMessage();
  const { success } = useNotify();
  const remove = useDeleteAddress();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={entry !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {entry ? (
        <>
          <DialogTitle id={titleId}>{t('addressBook.delete.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                {t('addressBook.delete.text', { label: entry.label, network: t(`networks.${entry.network}`) })}
              </DialogContentText>
              <Typography dir="ltr" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {entry.address}
              </Typography>
              {remove.error ? <FormError message={errorMessage(remove.error)} /> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={remove.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button
              color="error"
              variant="contained"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(entry.id, {
                  onSuccess: () => {
                    success('chain:addressBook.delete.done');
                    remove.reset();
                    onClose();
                  },
                })
              }
            >
              {t('addressBook.delete.confirm')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

/** Turning whitelist mode off: the same code a withdrawal asks for, through the shared verification step. */
function WhitelistOffDialog({
  attemptKey,
  twoFactor,
  onClose,
}: {
  attemptKey: string | null;
  twoFactor: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('chain');
  const titleId = useId();
  return (
    <Dialog open={attemptKey !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('addressBook.whitelist.offTitle')}</DialogTitle>
      {attemptKey !== null ? <WhitelistOffStep key={attemptKey} twoFactor={twoFactor} onClose={onClose} /> : null}
    </Dialog>
  );
}

function WhitelistOffStep({ twoFactor, onClose }: { twoFactor: boolean; onClose: () => void }) {
  const { t } = useTranslation('chain');
  const { success } = useNotify();
  const whitelist = useSetWhitelist();
  return (
    <WithdrawalCodeStep
      id="whitelist-off"
      twoFactor={twoFactor}
      summary={t('addressBook.whitelist.offText')}
      isPending={whitelist.isPending}
      error={whitelist.error}
      onSubmit={(code) =>
        whitelist.mutate(
          { on: false, code },
          {
            onSuccess: () => {
              success('chain:addressBook.whitelist.offDone');
              onClose();
            },
          },
        )
      }
      onRetry={() => whitelist.reset()}
      onRequestError={(error) => {
        if (isApiError(error) && error.code === 'KYC_REQUIRED') onClose();
      }}
      onClose={onClose}
    />
  );
}
