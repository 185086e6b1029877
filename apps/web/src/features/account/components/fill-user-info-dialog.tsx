import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateProfileBody, type UpdateProfileBody } from '@portal/contract/account/account';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useErrorMessage } from '@/lib/error-message';
import { useAccount } from '@/lib/session';
import { useDismissFillUserInfo, useUpdateProfile } from '../api/mutations';

const FIELDS = ['firstName', 'lastName'] as const;
const AUTOCOMPLETE = { firstName: 'given-name', lastName: 'family-name' } as const;

/**
 * After login (SPEC §2 "fill-new-user-info"): while `GET /account` says `showFillUserInfoPage`, a
 * dialog on the dashboard asks for the first and last name (the contract's name rules). Saving or
 * closing it hides it for good.
 */
export default function FillUserInfoDialog() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const errorMessage = useErrorMessage();
  const notices = useNotify();
  const account = useAccount().data;
  const update = useUpdateProfile();
  const dismiss = useDismissFillUserInfo();
  const [closed, setClosed] = useState(false);
  const titleId = useId();
  const textId = useId();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBody),
    defaultValues: { firstName: '', lastName: '' },
    mode: 'onTouched',
  });

  if (!account?.showFillUserInfoPage) return null;

  const close = () => {
    if (update.isPending) return;
    setClosed(true);
    dismiss.mutate();
  };

  const onSubmit = form.handleSubmit((v) => {
    if (update.isPending) return;
    update.mutate(v, {
      onSuccess: () => {
        setClosed(true);
        notices.success('account:fillInfo.done');
      },
    });
  });

  return (
    <Dialog
      open={!closed}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId} sx={{ pe: 6 }}>
        {t('fillInfo.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('fillInfo.close')}
        onClick={close}
        disabled={update.isPending}
        sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t('fillInfo.subtitle')}
        </DialogContentText>
        <Stack spacing={1}>
          {FIELDS.map((name) => (
            <Controller
              key={name}
              name={name}
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  id={`fill-info-${name}`}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t(`fillInfo.${name}`)}
                  autoComplete={AUTOCOMPLETE[name]}
                  disabled={update.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? tc(`validation.${fieldState.error.message}`) : ' '}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                  fullWidth
                />
              )}
            />
          ))}
          {update.error ? <FormError message={errorMessage(update.error)} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={update.isPending}>
          {t('fillInfo.later')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('fillInfo.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
