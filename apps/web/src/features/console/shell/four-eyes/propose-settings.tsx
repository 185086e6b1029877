import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Proposal, TableProposalKind } from '@portal/contract/admin/proposals';
import type { Permission } from '@portal/contract/admin/roles';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { Panel } from '../console-page';
import { useCan } from '../operator';
import { PendingProposals } from './pending-proposals';
import { ProposedAlert } from './proposal-labels';
import { useDigitInput } from '@/components/digit-text-field';

/**
 * The texts of a desk's settings, under one key (`chain.settings`, `tether.settings` of `admin`, or a key of
 * another namespace such as `basketDesk:settings`): `title`, `propose`,
 * `formLabel`, `intro`, `proposed` (the notice), `fixErrors`, `submit`, `cancel`.
 */
type TextsKey = string;

/** What the form is told when it is done: a proposal sent, or the change given up. */
export interface ProposeDone {
  onProposed: (p: Proposal) => void;
  onCancel: () => void;
}

/**
 * Settings that change by proposal: as they are in force, the proposals of new ones waiting for a second
 * operator, and (`tether.manage`) the form that proposes a change; the proposal sent is shown above.
 */
export function ProposedSettingsPanel({
  id,
  texts,
  kinds,
  version,
  inForce,
  form,
  permission = 'tether.manage',
}: {
  id: string;
  texts: TextsKey;
  /** Who may propose a change (the desk's manage permission). */
  permission?: Permission;
  kinds: readonly TableProposalKind[];
  /** The settings' version (when they were approved): settings approved meanwhile start the form again from them. */
  version: string;
  inForce: ReactNode;
  form: (done: ProposeDone) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      <Panel
        id={id}
        title={t(`${texts}.title`)}
        action={
          can(permission) && !editing ? (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              onClick={() => {
                setProposed(null);
                setEditing(true);
              }}
            >
              {t(`${texts}.propose`)}
            </Button>
          ) : null
        }
      >
        {proposed ? <ProposedAlert proposal={proposed} onClose={() => setProposed(null)} /> : null}
        {editing ? (
          <Fragment key={version}>
            {form({
              onProposed: (p) => {
                setProposed(p);
                setEditing(false);
              },
              onCancel: () => setEditing(false),
            })}
          </Fragment>
        ) : (
          inForce
        )}
      </Panel>
      <PendingProposals kinds={kinds} />
    </>
  );
}

/** The grid of a proposal form's fields: one column, two, three as the page widens. */
export const proposalFieldsGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * A figure of a proposal form: its error once touched or submitted (a rule of `atOnce`, between fields,
 * at once), else its hint.
 */
export function ProposalField<V extends FieldValues>({
  control,
  name,
  idPrefix,
  label,
  hint,
  adornment,
  disabled,
  numeric = 'decimal',
  deps,
  atOnce,
  message,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  /** The desk's prefix of the field's id (`chain` → `chain-networks-tron-fee`). */
  idPrefix: string;
  label: string;
  hint?: string | undefined;
  adornment?: string | undefined;
  disabled: boolean;
  numeric?: 'decimal' | 'numeric';
  /** The fields whose rules read this one's value: checked again when it changes. */
  deps?: FieldPath<V>[] | undefined;
  /** The rules shown as soon as they break (rules between fields). */
  atOnce?: readonly string[];
  /** A rule's message. */
  message: (rule: string | undefined) => string;
}) {
  const digits = useDigitInput();
  return (
    <Controller
      name={name}
      control={control}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState, formState }) => {
        const rule = fieldState.error?.message;
        const show =
          Boolean(fieldState.error) &&
          (fieldState.isTouched ||
            fieldState.isDirty ||
            formState.isSubmitted ||
            Boolean(atOnce?.includes(rule ?? '')));
        return (
          <TextField
            name={field.name}
            // A figure: shown in the interface's digits, kept in Latin ones (one rule, issue 19).
            {...digits({ value: field.value as string, onChange: field.onChange })}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`${idPrefix}-${name.replace(/\./g, '-')}`}
            label={label}
            disabled={disabled}
            error={show}
            helperText={show ? message(rule) : (hint ?? ' ')}
            slotProps={{
              htmlInput: { dir: 'ltr', autoComplete: 'off', inputMode: numeric },
              input: adornment ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } : {},
            }}
          />
        );
      }}
    />
  );
}

/** The mutation that sends the proposal, as the form reads it. */
interface ProposeMutation<B> {
  mutateAsync: (body: B) => Promise<Proposal>;
  isPending: boolean;
  error: unknown;
}

/**
 * A form proposing new settings: the settings in force, changed here and sent whole as a proposal (they
 * take effect when another operator approves it on the proposals desk); the form goes back to the
 * settings in force, since nothing changed yet. The server's refusals of a field land on the field
 * (`formPathOf` its path), anything else shows under the form.
 */
export function ProposalForm<V extends FieldValues, B>({
  form,
  propose,
  toBody,
  formPathOf,
  errorMessage,
  texts,
  spacing,
  done,
  children,
}: {
  form: UseFormReturn<V>;
  propose: ProposeMutation<B>;
  toBody: (values: V) => B;
  formPathOf: (path: readonly PropertyKey[]) => string;
  errorMessage: (error: unknown) => string;
  texts: TextsKey;
  spacing: number;
  done: ProposeDone;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();

  const submit = form.handleSubmit(async (values) => {
    if (propose.isPending) return;
    try {
      const proposal = await propose.mutateAsync(toBody(values));
      notify.success(texts.includes(':') ? `${texts}.proposed` : `admin:${texts}.proposed`);
      form.reset();
      done.onProposed(proposal);
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const issue of e.details?.issues ?? []) {
          form.setError(
            formPathOf(issue.path.split('.')) as FieldPath<V>,
            { type: 'server', message: issue.rule },
            { shouldFocus: true },
          );
        }
      }
    }
  });
  const fieldError = isApiError(propose.error) && propose.error.code === 'VALIDATION_FAILED';
  const pending = propose.isPending;

  return (
    <Stack component="form" noValidate spacing={spacing} onSubmit={submit} aria-label={t(`${texts}.formLabel`)}>
      <Typography color="text.secondary">{t(`${texts}.intro`)}</Typography>
      {children}
      {propose.error && !fieldError ? <FormError message={errorMessage(propose.error)} /> : null}
      {form.formState.isSubmitted && !form.formState.isValid ? <FormError message={t(`${texts}.fixErrors`)} /> : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending} disabled={!form.formState.isDirty}>
          {t(`${texts}.submit`)}
        </Button>
        <Button
          color="inherit"
          disabled={pending}
          onClick={() => {
            form.reset();
            done.onCancel();
          }}
        >
          {t(`${texts}.cancel`)}
        </Button>
      </Box>
    </Stack>
  );
}
