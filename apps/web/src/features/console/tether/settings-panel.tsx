import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TETHER_LIMIT_LEVELS, type TetherSettings } from '@portal/contract/admin/tether';
import type { Proposal } from '@portal/contract/admin/proposals';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { formatRelative } from '../shell/dates';
import { Detail, Details, Panel } from '../shell/console-page';
import { useCan } from '../shell/operator';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { usePersonLabel } from '../shell/four-eyes/review-approvals';
import { useProposeTetherSettings } from './api';
import {
  formPathOf,
  settingsFormSchema,
  settingsFormValuesOf,
  toSettingsBody,
  type SettingsFormValues,
} from './settings-form';
import { useTetherErrorMessage, useTetherFormat, useTetherRuleMessage } from './tether-labels';

/** The settings in force: spread, fee, quote life, minimum, each KYC level's daily limit; who approved them. */
function SettingsInForce({ s }: { s: TetherSettings }) {
  const { t } = useTranslation('admin');
  const tf = useTetherFormat();
  const nameOf = usePersonLabel();
  return (
    <Details>
      <Detail label={t('tether.settings.spread')}>
        <span data-testid="tether-setting-spread">{tf.bps(s.spreadBps)}</span>
      </Detail>
      <Detail label={t('tether.settings.fee')}>
        <span data-testid="tether-setting-fee">{tf.bps(s.feeBps)}</span>
      </Detail>
      <Detail label={t('tether.settings.quoteTtl')}>
        {t('tether.settings.seconds', { formatted: tf.number(s.quoteTtlSeconds) })}
      </Detail>
      <Detail label={t('tether.settings.minTrade')}>{tf.money(s.minTradeToman, 'IRT')}</Detail>
      {TETHER_LIMIT_LEVELS.map((level) => (
        <Detail key={level} label={t(`tether.settings.dailyLimit.${level}`)}>
          {tf.money(s.dailyLimitToman[level], 'IRT')}
        </Detail>
      ))}
      <Detail label={t('tether.settings.updated')}>
        {s.updatedBy
          ? t('tether.settings.updatedBy', {
              name: nameOf(s.updatedBy),
              at: `${formatRelative(s.updatedAt, tf.lng)} – ${tf.date(s.updatedAt, 'dateTime')}`,
            })
          : t('tether.settings.initial')}
      </Detail>
    </Details>
  );
}

/** A text field of the form: its error once touched or submitted, else its hint. */
function Field({
  control,
  name,
  label,
  hint,
  adornment,
  disabled,
}: {
  control: Control<SettingsFormValues>;
  name: FieldPath<SettingsFormValues>;
  label: string;
  hint?: string;
  adornment?: string;
  disabled: boolean;
}) {
  const message = useTetherRuleMessage();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <TextField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`tether-${name.replace(/\./g, '-')}`}
            label={label}
            disabled={disabled}
            error={show}
            helperText={show ? message(fieldState.error?.message) : (hint ?? ' ')}
            slotProps={{
              htmlInput: { dir: 'ltr', autoComplete: 'off', inputMode: 'decimal' },
              input: adornment ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } : {},
            }}
          />
        );
      }}
    />
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * Proposing new settings (`POST /admin/tether/settings`): the settings in force, changed here and sent
 * whole as a proposal; they take effect when another operator approves it on the proposals desk. The form
 * goes back to the settings in force, since nothing changed yet.
 */
function ProposeSettings({
  settings,
  onProposed,
  onCancel,
}: {
  settings: TetherSettings;
  onProposed: (p: Proposal) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const errorMessage = useTetherErrorMessage();
  const tf = useTetherFormat();
  const propose = useProposeTetherSettings();
  const defaults = useMemo(() => settingsFormValuesOf(settings), [settings]);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: defaults,
    mode: 'all',
  });
  const percent = tf.percentSign;
  const toman = t('translation:currency.IRT');

  const submit = form.handleSubmit(async (values) => {
    if (propose.isPending) return;
    try {
      const proposal = await propose.mutateAsync(toSettingsBody(values));
      notify.success('admin:tether.settings.proposed');
      form.reset(defaults);
      onProposed(proposal);
    } catch (e) {
      // The server's refusals of a field land on the field; anything else shows under the form.
      if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const issue of e.details?.issues ?? []) {
          form.setError(
            formPathOf(issue.path.split('.')) as FieldPath<SettingsFormValues>,
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
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('tether.settings.formLabel')}>
      <Typography color="text.secondary">{t('tether.settings.intro')}</Typography>
      <Box sx={grid}>
        <Field
          control={form.control}
          name="spreadPercent"
          label={t('tether.settings.spread')}
          hint={t('tether.settings.spreadHint')}
          adornment={percent}
          disabled={pending}
        />
        <Field
          control={form.control}
          name="feePercent"
          label={t('tether.settings.fee')}
          hint={t('tether.settings.feeHint')}
          adornment={percent}
          disabled={pending}
        />
        <Field
          control={form.control}
          name="quoteTtlSeconds"
          label={t('tether.settings.quoteTtl')}
          hint={t('tether.settings.quoteTtlHint')}
          adornment={t('tether.settings.secondsUnit')}
          disabled={pending}
        />
        <Field
          control={form.control}
          name="minTradeToman"
          label={t('tether.settings.minTrade')}
          adornment={toman}
          disabled={pending}
        />
        {TETHER_LIMIT_LEVELS.map((level) => (
          <Field
            key={level}
            control={form.control}
            name={`dailyLimitToman.${level}`}
            label={t(`tether.settings.dailyLimit.${level}`)}
            adornment={toman}
            disabled={pending}
          />
        ))}
      </Box>
      {propose.error && !fieldError ? <FormError message={errorMessage(propose.error)} /> : null}
      {form.formState.isSubmitted && !form.formState.isValid ? (
        <FormError message={t('tether.settings.fixErrors')} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending} disabled={!form.formState.isDirty}>
          {t('tether.settings.submit')}
        </Button>
        <Button
          color="inherit"
          disabled={pending}
          onClick={() => {
            form.reset(defaults);
            onCancel();
          }}
        >
          {t('tether.settings.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The market's settings: as they are in force, the proposals of new ones waiting for a second operator,
 * and (`tether.manage`) the form that proposes a change.
 */
export function SettingsPanel({ settings }: { settings: TetherSettings }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      <Panel
        id="tether-settings"
        title={t('tether.settings.title')}
        action={
          can('tether.manage') && !editing ? (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              onClick={() => {
                setProposed(null);
                setEditing(true);
              }}
            >
              {t('tether.settings.propose')}
            </Button>
          ) : null
        }
      >
        {proposed ? <ProposedAlert proposal={proposed} onClose={() => setProposed(null)} /> : null}
        {editing ? (
          <ProposeSettings
            // The settings approved meanwhile start the form again from them.
            key={settings.updatedAt}
            settings={settings}
            onProposed={(p) => {
              setProposed(p);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <SettingsInForce s={settings} />
        )}
      </Panel>
      <PendingProposals kinds={['tether_settings']} />
    </>
  );
}
