import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import Alert from '@mui/material/Alert';
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
import type { z } from 'zod';
import { freezeUser, setUserRole, type AdminUserDetail } from '@portal/contract/admin/admin';
import { isOperatorRole, ROLES, type Role } from '@portal/contract/admin/roles';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useErrorMessage } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { useFormat } from '@/hooks/use-format';
import { useRecoverOperator, useSetFrozen, useSetUserRole } from './api';
import { useOperator } from '../shell/operator';
import { declared } from '../shell/schemas';
import { DialogButtons } from '../shell/dialog-buttons';
import { SelectField } from '../shell/select-field';

type User = AdminUserDetail['user'];

/** Freezing, unfreezing and an operator's recovery take the same reason rule (3 to 500 characters). */
const reasonSchema = declared(freezeUser.body);
type ReasonForm = z.input<typeof reasonSchema>;

/**
 * The error of an operator's action on an account, translated: the cases the console can explain
 * better than the general sentence get their own (`FORBIDDEN`: one's own account, or an operator's
 * account for anyone but an admin).
 */
function useActionError(own: Partial<Record<string, string>>) {
  const errorMessage = useErrorMessage();
  return (error: unknown) => (isApiError(error) && own[error.code]) || errorMessage(error);
}

/**
 * A confirmation dialog that takes a reason (3 to 500 characters, the contract's rule), for an action on
 * an account that the audit log keeps with its reason (freeze, unfreeze, an operator's recovery).
 */
function ReasonDialog({
  open,
  onClose,
  title,
  text,
  fieldId,
  confirm,
  color,
  mutation,
  actionError,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  fieldId: string;
  confirm: string;
  color: 'success' | 'error';
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  actionError: (error: unknown) => string;
  /** Runs the action; `done` closes the dialog after a success. */
  onSubmit: (reason: string, done: () => void) => void;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const titleId = useId();
  const textId = useId();
  const form = useForm<ReasonForm>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
    mode: 'all',
  });
  const close = () => {
    if (mutation.isPending) return;
    onClose();
    form.reset();
    mutation.reset();
  };
  const submit = form.handleSubmit((v) => {
    if (mutation.isPending) return;
    onSubmit(v.reason, () => {
      onClose();
      form.reset();
    });
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id={textId}>{text}</DialogContentText>
          <Controller
            name="reason"
            control={form.control}
            render={({ field, fieldState, formState }) => {
              const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
              const rule = fieldState.error?.message;
              return (
                <TextField
                  {...field}
                  id={fieldId}
                  label={t('user.freeze.reason')}
                  multiline
                  minRows={3}
                  required
                  autoFocus
                  disabled={mutation.isPending}
                  error={show}
                  helperText={
                    show
                      ? rule === 'min'
                        ? t('user.freeze.reasonMin', { min: fmt.number(3) })
                        : t(`translation:validation.${rule ?? 'required'}`)
                      : t('user.freeze.reasonHint')
                  }
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              );
            }}
          />
          {mutation.error ? <FormError message={actionError(mutation.error)} /> : null}
        </DialogContent>
        <DialogButtons onCancel={close} pending={mutation.isPending} confirm={confirm} color={color} />
      </Stack>
    </Dialog>
  );
}

/** Freeze (or unfreeze) with a reason, in a confirmation dialog (`users.freeze`). */
export function FreezeButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const [open, setOpen] = useState(false);
  const frozen = user.frozenAt !== null;
  const mode = frozen ? 'unfreeze' : 'freeze';
  const setFrozen = useSetFrozen(user.id);
  const actionError = useActionError({ FORBIDDEN: t('user.freeze.forbidden') });

  return (
    <>
      <Button
        variant="outlined"
        color={frozen ? 'success' : 'error'}
        startIcon={frozen ? <LockOpenOutlined /> : <BlockOutlined />}
        onClick={() => setOpen(true)}
      >
        {t(`user.${mode}.button`)}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t(`user.${mode}.title`)}
        text={t(`user.${mode}.text`)}
        fieldId="admin-freeze-reason"
        confirm={t(`user.${mode}.confirm`)}
        color={frozen ? 'success' : 'error'}
        mutation={setFrozen}
        actionError={actionError}
        onSubmit={(reason, done) =>
          setFrozen.mutate(
            { frozen: !frozen, reason },
            {
              onSuccess: () => {
                done();
                notices.success(`admin:user.${mode}.done`);
              },
            },
          )
        }
      />
    </>
  );
}

/**
 * Recover an operator who lost their authenticator (`operators.recover`, admins; issue 15): their
 * two-factor is reset and their sessions end; they set up a new authenticator at their next login. Shown
 * for an operator's account other than one's own (another admin recovers an admin).
 */
export function RecoverOperatorButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const operator = useOperator();
  const [open, setOpen] = useState(false);
  const recover = useRecoverOperator(user.id);
  const actionError = useActionError({});
  if (!isOperatorRole(user.role) || user.id === operator.id) return null;

  return (
    <>
      <Button variant="outlined" color="error" startIcon={<PhonelinkLockOutlined />} onClick={() => setOpen(true)}>
        {t('user.recover.button')}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('user.recover.title')}
        text={t('user.recover.text')}
        fieldId="admin-recover-reason"
        confirm={t('user.recover.confirm')}
        color="error"
        mutation={recover}
        actionError={actionError}
        onSubmit={(reason, done) =>
          recover.mutate(reason, {
            onSuccess: () => {
              done();
              notices.success('admin:user.recover.done');
            },
          })
        }
      />
    </>
  );
}

type RoleForm = { role: Role | '' };
/** The form starts with no role chosen (`''`), which the contract's schema refuses. */
const roleResolver = zodResolver(declared(setUserRole.body)) as Resolver<RoleForm, unknown, { role: Role }>;

/** Change a user's role in a dialog (`users.role`, admins). Nobody changes their own (the server says CONFLICT). */
export function RoleButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const notices = useNotify();
  const operator = useOperator();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const setRole = useSetUserRole(user.id);
  const actionError = useActionError({ CONFLICT: t('user.role.conflict') });
  const form = useForm<RoleForm, unknown, { role: Role }>({
    resolver: roleResolver,
    defaultValues: { role: '' },
    mode: 'all',
  });

  const close = () => {
    if (setRole.isPending) return;
    setOpen(false);
    form.reset();
    setRole.reset();
  };
  const onSubmit = form.handleSubmit((v) => {
    if (setRole.isPending) return;
    setRole.mutate(v.role, {
      onSuccess: () => {
        setOpen(false);
        form.reset();
        notices.success('admin:user.role.done', { role: t(`roles.${v.role}`) });
      },
    });
  });

  return (
    <>
      <Button variant="outlined" startIcon={<AdminPanelSettingsOutlined />} onClick={() => setOpen(true)}>
        {t('user.role.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <Stack component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>{t('user.role.title')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <DialogContentText>{t('user.role.current', { role: t(`roles.${user.role}`) })}</DialogContentText>
            {user.id === operator.id ? <Alert severity="info">{t('user.role.selfHint')}</Alert> : null}
            <SelectField<RoleForm, { role: Role }>
              name="role"
              control={form.control}
              id="admin-role"
              label={t('user.role.label')}
              hint=" "
              disabled={setRole.isPending}
              options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`), disabled: role === user.role }))}
            />
            {setRole.error ? <FormError message={actionError(setRole.error)} /> : null}
          </DialogContent>
          <DialogButtons onCancel={close} pending={setRole.isPending} confirm={t('user.role.confirm')} />
        </Stack>
      </Dialog>
    </>
  );
}
