import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { setChainNetworkSwitchBody } from '@portal/contract/admin/chain';
import {
  NETWORK_DISABLED_REASONS,
  type NetworkDisabledReason,
  type TetherNetworkKey,
} from '@portal/contract/tether/chain';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { DialogButtons } from '../shell/dialog-buttons';
import { SelectField } from '../shell/select-field';
import { useSetNetworkSwitch } from './api';
import { useChainErrorMessage, useChainRuleMessage, useNetworkName } from './chain-labels';

type Direction = 'deposit' | 'withdrawal';
type SwitchForm = { reason: NetworkDisabledReason | ''; note: string };
type SwitchValues = { reason?: NetworkDisabledReason | undefined; note: string };

const NOTE_MAX = 500;
/** The contract's note (trimmed, at most 500 characters); empty is no note. */
const note = setChainNetworkSwitchBody.shape.note.unwrap();
/** Closing: a reason (the contract's, the investors read it) and an optional note for the audit record. */
const closeSchema = z.object({ reason: setChainNetworkSwitchBody.shape.reason.unwrap(), note });
/** Opening: an optional note. */
const openSchema = z.object({ note });

/**
 * Close (with a reason from `NETWORK_DISABLED_REASONS`, which the investors' pages show, and an optional
 * note) or open again one direction of a network (`POST /admin/chain/switch`, `tether.manage`). One
 * operator's act, recorded in the audit log. Keyed by its state where it is used: opening and closing ask
 * for different things.
 */
export function NetworkSwitchButton({
  network,
  direction,
  enabled,
}: {
  network: TetherNetworkKey;
  direction: Direction;
  enabled: boolean;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const networkName = useNetworkName();
  const errorMessage = useChainErrorMessage();
  const ruleMessage = useChainRuleMessage();
  const toggle = useSetNetworkSwitch();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const closing = enabled;
  const form = useForm<SwitchForm, unknown, SwitchValues>({
    resolver: zodResolver(closing ? closeSchema : openSchema) as unknown as Resolver<SwitchForm, unknown, SwitchValues>,
    defaultValues: { reason: '', note: '' },
    mode: 'all',
  });
  const names = { network: networkName(network), direction: t(`chain.switch.directions.${direction}`) };

  const close = () => {
    if (toggle.isPending) return;
    setOpen(false);
    toggle.reset();
    form.reset();
  };
  const submit = form.handleSubmit((v) => {
    if (toggle.isPending) return;
    toggle.mutate(
      { network, direction, enabled: !closing, reason: closing ? v.reason : undefined, note: v.note || undefined },
      {
        onSuccess: () => {
          notify.success(closing ? 'admin:chain.switch.closedNotice' : 'admin:chain.switch.openedNotice');
          setOpen(false);
          form.reset();
        },
      },
    );
  });
  const key = `${direction}${closing ? 'Close' : 'Open'}`;

  return (
    <>
      {closing ? (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<LockOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('chain.switch.closeOf', names)}
        >
          {t(`chain.switch.${key}`)}
        </Button>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="success"
          startIcon={<LockOpenOutlined />}
          onClick={() => setOpen(true)}
          aria-label={t('chain.switch.openOf', names)}
        >
          {t(`chain.switch.${key}`)}
        </Button>
      )}
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
        <Stack component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>
            {t(closing ? 'chain.switch.closeTitle' : 'chain.switch.openTitle', names)}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <DialogContentText id={textId}>{t(`chain.switch.${key}Text`)}</DialogContentText>
            {closing ? (
              <SelectField<SwitchForm, SwitchValues>
                name="reason"
                control={form.control}
                id={`chain-switch-${network}-${direction}-reason`}
                label={t('chain.switch.reason')}
                hint={t('chain.switch.reasonHint')}
                disabled={toggle.isPending}
                options={NETWORK_DISABLED_REASONS.map((r) => ({ value: r, label: t(`chain.disabledReasons.${r}`) }))}
              />
            ) : null}
            <Controller
              name="note"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id={`chain-switch-${network}-${direction}-note`}
                  label={t('chain.switch.note')}
                  multiline
                  minRows={2}
                  disabled={toggle.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? ruleMessage(fieldState.error.message) : t('chain.switch.noteHint')}
                  slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                />
              )}
            />
            {toggle.error ? <FormError message={errorMessage(toggle.error)} /> : null}
          </DialogContent>
          <DialogButtons
            onCancel={close}
            pending={toggle.isPending}
            confirm={t(`chain.switch.${key}Confirm`)}
            color={closing ? 'error' : 'success'}
          />
        </Stack>
      </Dialog>
    </>
  );
}
