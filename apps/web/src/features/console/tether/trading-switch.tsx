import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseTetherTradingBody, TETHER_PAUSE_REASON_MAX, type TetherSettings } from '@portal/contract/admin/tether';
import { FormError } from '@/components/form/form-error';
import { useFieldForm } from '@/components/form/use-field-form';
import { useNotify } from '@/components/notices/notices';
import { formatRelative } from '../shell/dates';
import { DialogButtons } from '../shell/dialog-buttons';
import { usePersonLabel } from '../shell/four-eyes/review-approvals';
import { usePauseTrading } from './api';
import { useTetherErrorMessage, useTetherFormat, useTetherRuleMessage } from './tether-labels';

/** While trading is paused: by whom, since when, why. */
export function PausedAlert({ settings }: { settings: TetherSettings }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  const nameOf = usePersonLabel();
  if (!settings.paused) return null;
  return (
    <Alert severity="error" data-testid="tether-paused">
      <AlertTitle>{t('tether.pause.pausedTitle')}</AlertTitle>
      {settings.pausedBy && settings.pausedAt
        ? t('tether.pause.pausedBy', {
            name: nameOf(settings.pausedBy),
            at: `${formatRelative(settings.pausedAt, tf.lng)} – ${tf.date(settings.pausedAt, 'dateTime')}`,
          })
        : null}{' '}
      {settings.pausedReason ? (
        <span dir="auto">{t('tether.pause.reasonOf', { reason: settings.pausedReason })}</span>
      ) : null}
    </Alert>
  );
}

/**
 * Pause trading (with a reason, required: the contract's `pauseTetherTradingBody.reason`, one field,
 * `useFieldForm`) or resume it (after a confirmation). One operator's act (decision 028's `record`):
 * pausing moves no value, it stops value from moving.
 */
export function TradingSwitch({ paused }: { paused: boolean }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const errorMessage = useTetherErrorMessage();
  const ruleMessage = useTetherRuleMessage();
  const toggle = usePauseTrading();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();

  const reason = useFieldForm(pauseTetherTradingBody.shape.reason, {
    isPending: toggle.isPending,
    error: toggle.error,
    onSubmit: (value) =>
      toggle.mutate(
        { pause: true, reason: value },
        {
          onSuccess: () => {
            notify.success('admin:tether.pause.paused');
            setOpen(false);
            reason.form.reset();
          },
        },
      ),
  });
  const close = () => {
    if (toggle.isPending) return;
    setOpen(false);
    toggle.reset();
    reason.form.reset();
  };
  const resume = () => {
    if (toggle.isPending) return;
    toggle.mutate(
      { pause: false },
      {
        onSuccess: () => {
          notify.success('admin:tether.pause.resumed');
          setOpen(false);
        },
      },
    );
  };
  // A refusal because someone else paused or resumed first: the desk is read again and says so.
  const failure = toggle.error ? errorMessage(toggle.error) : null;

  return (
    <>
      {paused ? (
        <Button variant="contained" color="success" startIcon={<PlayCircleOutline />} onClick={() => setOpen(true)}>
          {t('tether.pause.resume')}
        </Button>
      ) : (
        <Button variant="outlined" color="error" startIcon={<PauseCircleOutline />} onClick={() => setOpen(true)}>
          {t('tether.pause.pause')}
        </Button>
      )}
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
        {paused ? (
          <>
            <DialogTitle id={titleId}>{t('tether.pause.resumeTitle')}</DialogTitle>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <DialogContentText id={textId}>{t('tether.pause.resumeText')}</DialogContentText>
              {failure ? <FormError message={failure} /> : null}
            </DialogContent>
            <DialogButtons
              onCancel={close}
              pending={toggle.isPending}
              confirm={t('tether.pause.resumeConfirm')}
              color="success"
              onConfirm={resume}
            />
          </>
        ) : (
          <Stack component="form" noValidate onSubmit={reason.submit} aria-labelledby={titleId}>
            <DialogTitle id={titleId}>{t('tether.pause.pauseTitle')}</DialogTitle>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
              <DialogContentText id={textId}>{t('tether.pause.pauseText')}</DialogContentText>
              <TextField
                {...reason.input}
                id="tether-pause-reason"
                name="reason"
                label={t('tether.pause.reason')}
                multiline
                minRows={2}
                required
                disabled={toggle.isPending}
                error={reason.rule !== undefined}
                helperText={reason.rule ? ruleMessage(reason.rule) : t('tether.pause.reasonHint')}
                slotProps={{ htmlInput: { maxLength: TETHER_PAUSE_REASON_MAX } }}
              />
              {failure ? <FormError message={failure} /> : null}
            </DialogContent>
            <DialogButtons
              onCancel={close}
              pending={toggle.isPending}
              confirm={t('tether.pause.pauseConfirm')}
              color="error"
            />
          </Stack>
        )}
      </Dialog>
    </>
  );
}
