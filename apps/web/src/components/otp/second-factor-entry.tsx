import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { normalizeRecoveryCode } from '@portal/contract/auth/recovery-codes';
import { useErrorMessage } from '@/lib/error-message';
import { FormError } from '../form/form-error';
import { TextInput } from '../form/text-input';
import { CodeEntry } from './code-entry';
import { useFieldForm } from '../form/use-field-form';

/**
 * Where an authenticator code is asked for (login's second step, step-up, a withdrawal, turning
 * two-factor off): the app's 6-digit code, or, after "use a recovery code", one of the account's
 * recovery codes (issue 15). Both go to the same field of the request; the server tells them apart.
 */
export function SecondFactorEntry({
  id,
  label,
  submitLabel,
  onSubmit,
  onSwitch,
  isPending,
  error,
  autoFocus = true,
  danger = false,
  children,
}: {
  id: string;
  /** The label of the app's code. */
  label: string;
  submitLabel: string;
  onSubmit: (code: string) => void;
  /** The user switched between the app's code and a recovery code (clear the last error). */
  onSwitch?: () => void;
  isPending: boolean;
  error?: unknown;
  autoFocus?: boolean;
  /** The submit undoes a protection (turning two-factor off): shown in the error colour. */
  danger?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const switched = useRef(false);
  const toggle = () => {
    switched.current = true;
    onSwitch?.();
    setMode((m) => (m === 'app' ? 'recovery' : 'app'));
  };
  return (
    <Stack spacing={1}>
      {mode === 'app' ? (
        <CodeEntry
          key="app"
          id={id}
          label={label}
          submitLabel={submitLabel}
          onSubmit={onSubmit}
          isPending={isPending}
          error={error}
          autoFocus={autoFocus || switched.current}
          danger={danger}
        >
          {children}
        </CodeEntry>
      ) : (
        <RecoveryCodeForm
          key="recovery"
          id={`${id}-recovery`}
          submitLabel={submitLabel}
          onSubmit={onSubmit}
          isPending={isPending}
          error={error}
          danger={danger}
        >
          {children}
        </RecoveryCodeForm>
      )}
      <Button onClick={toggle} disabled={isPending} sx={{ alignSelf: 'flex-start' }}>
        {mode === 'app' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
      </Button>
    </Stack>
  );
}

/** A recovery code as typed, in its written form (`XXXXX-XXXXX`, the contract's normalisation), else `recoveryCodeFormat`. */
const recoveryCodeSchema = z.string().transform((typed, ctx) => {
  const code = normalizeRecoveryCode(typed);
  if (code) return code;
  ctx.addIssue({ code: 'custom', message: 'recoveryCodeFormat' });
  return z.NEVER;
});

/** A recovery code, typed any way (lower case, spaces, Persian digits); sent in its written form. */
function RecoveryCodeForm({
  id,
  submitLabel,
  onSubmit,
  isPending,
  error,
  danger,
  children,
}: {
  id: string;
  submitLabel: string;
  onSubmit: (code: string) => void;
  isPending: boolean;
  error?: unknown;
  danger: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { submit, rule, input } = useFieldForm(recoveryCodeSchema, { onSubmit, isPending, error });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextInput
        id={id}
        label={t('secondFactor.recoveryLabel')}
        {...input}
        name="recoveryCode"
        autoFocus
        autoComplete="off"
        disabled={isPending}
        error={Boolean(rule) || Boolean(error)}
        helperText={rule ? t(`validation.${rule}`) : t('secondFactor.recoveryHint')}
        placeholder="XXXXX-XXXXX"
        inputProps={{
          dir: 'ltr',
          maxLength: 16,
          autoCapitalize: 'characters',
          spellCheck: false,
          style: { textAlign: 'center', letterSpacing: '0.2em', fontSize: '1.2rem', fontWeight: 600 },
        }}
      />
      {children}
      {error ? <FormError message={errorMessage(error)} /> : null}
      <Button
        type="submit"
        variant="contained"
        color={danger ? 'error' : 'primary'}
        size="large"
        fullWidth
        loading={isPending}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
