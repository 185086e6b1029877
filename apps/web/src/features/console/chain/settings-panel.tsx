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
import { proposeChainSettingsBody, type ChainDesk } from '@portal/contract/admin/chain';
import type { Proposal } from '@portal/contract/admin/proposals';
import { TETHER_NETWORK_KEYS } from '@portal/contract/tether/chain';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { isApiError } from '@/lib/api-error';
import { Detail, Details, Panel } from '../shell/console-page';
import { useCan } from '../shell/operator';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { usePersonLabel } from '../shell/four-eyes/review-approvals';
import { useProposeChainSettings } from './api';
import { useChainErrorMessage, useChainFormat, useChainRuleMessage, useNetworkName } from './chain-labels';
import {
  chainSettingsFormSchema,
  chainSettingsFormValuesOf,
  CROSS_FIELD_RULES,
  formPathOf,
  GLOBAL_FIELDS,
  NETWORK_FIELDS,
  toChainSettingsBody,
  type ChainSettingsFormValues,
} from './settings-form';

type Settings = ChainDesk['settings'];

/** The settings that are not a network's: the daily limit, the review bounds, who approved them. */
function SettingsInForce({ s }: { s: Settings }) {
  const { t } = useTranslation('admin');
  const cf = useChainFormat();
  const nameOf = usePersonLabel();
  return (
    <Details>
      <Detail label={t('chain.settings.fields.dailyWithdrawalLimit')}>
        <span data-testid="chain-setting-daily">{cf.usdt(s.dailyWithdrawalLimit)}</span>
      </Detail>
      <Detail label={t('chain.settings.fields.reviewAbove')}>
        <span data-testid="chain-setting-review">{cf.usdt(s.reviewAbove)}</span>
      </Detail>
      <Detail label={t('chain.settings.fields.secondReviewAbove')}>
        <span data-testid="chain-setting-second-review">{cf.usdt(s.secondReviewAbove)}</span>
      </Detail>
      <Detail label={t('chain.settings.updated')}>
        {s.updatedBy
          ? t('chain.settings.updatedBy', {
              name: nameOf(s.updatedBy),
              at: `${cf.relative(s.updatedAt)} – ${cf.date(s.updatedAt, 'dateTime')}`,
            })
          : t('chain.settings.initial')}
      </Detail>
    </Details>
  );
}

/** A text field of the form: its error once touched or submitted (a rule between fields at once), else its hint. */
function Field({
  control,
  name,
  label,
  hint,
  adornment,
  disabled,
  numeric = 'decimal',
  deps,
}: {
  control: Control<ChainSettingsFormValues>;
  name: FieldPath<ChainSettingsFormValues>;
  label: string;
  hint?: string;
  adornment: string;
  disabled: boolean;
  numeric?: 'decimal' | 'numeric';
  /** The fields whose rules read this one's value: checked again when it changes. */
  deps?: FieldPath<ChainSettingsFormValues>[];
}) {
  const message = useChainRuleMessage();
  return (
    <Controller
      name={name}
      control={control}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState, formState }) => {
        const rule = fieldState.error?.message;
        const show =
          Boolean(rule) &&
          (fieldState.isTouched ||
            fieldState.isDirty ||
            formState.isSubmitted ||
            CROSS_FIELD_RULES.includes(rule ?? ''));
        return (
          <TextField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`chain-${name.replace(/\./g, '-')}`}
            label={label}
            disabled={disabled}
            error={show}
            helperText={show ? message(rule) : (hint ?? ' ')}
            slotProps={{
              htmlInput: { dir: 'ltr', autoComplete: 'off', inputMode: numeric },
              input: { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> },
            }}
          />
        );
      }}
    />
  );
}

/** A limit's change is checked against the fields it bounds: the daily limit each maximum, the first bound the second. */
const depsOf = (f: (typeof GLOBAL_FIELDS)[number]): FieldPath<ChainSettingsFormValues>[] | undefined =>
  f === 'dailyWithdrawalLimit'
    ? TETHER_NETWORK_KEYS.map((n) => `networks.${n}.maxWithdrawal` as const)
    : f === 'reviewAbove'
      ? ['secondReviewAbove']
      : undefined;

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * Proposing new settings (`POST /admin/chain/settings`): the settings in force, changed here and sent whole
 * as a proposal; they take effect when another operator approves it on the proposals desk. The form goes
 * back to the settings in force, since nothing changed yet.
 */
function ProposeSettings({
  settings,
  onProposed,
  onCancel,
}: {
  settings: Settings;
  onProposed: (p: Proposal) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const errorMessage = useChainErrorMessage();
  const networkName = useNetworkName();
  const propose = useProposeChainSettings();
  const defaults = useMemo(() => chainSettingsFormValuesOf(settings), [settings]);
  const form = useForm<ChainSettingsFormValues>({
    resolver: zodResolver(chainSettingsFormSchema),
    defaultValues: defaults,
    mode: 'all',
  });
  const usdt = t('translation:currency.USDT');
  const blocks = t('chain.settings.blocksUnit');

  const submit = form.handleSubmit(async (values) => {
    if (propose.isPending) return;
    try {
      // Sent as the contract reads it (digits, no separators): the proposal records the canonical figures.
      const body = toChainSettingsBody(values);
      const checked = proposeChainSettingsBody.safeParse(body);
      const proposal = await propose.mutateAsync(checked.success ? checked.data : body);
      notify.success('admin:chain.settings.proposed');
      form.reset(defaults);
      onProposed(proposal);
    } catch (e) {
      // The server's refusals of a field land on the field; anything else shows under the form.
      if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const issue of e.details?.issues ?? []) {
          form.setError(
            formPathOf(issue.path.split('.')) as FieldPath<ChainSettingsFormValues>,
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
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={t('chain.settings.formLabel')}>
      <Typography color="text.secondary">{t('chain.settings.intro')}</Typography>
      {TETHER_NETWORK_KEYS.map((n) => (
        <Box key={n} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1.5 }}>
            {networkName(n)}
          </Typography>
          <Box sx={grid}>
            {NETWORK_FIELDS.map((f) => (
              <Field
                key={f}
                control={form.control}
                name={`networks.${n}.${f}`}
                label={t(`chain.settings.fields.${f}`)}
                hint={f === 'confirmations' ? t('chain.settings.confirmationsHint') : undefined}
                adornment={f === 'confirmations' ? blocks : usdt}
                numeric={f === 'confirmations' ? 'numeric' : 'decimal'}
                deps={f === 'maxWithdrawal' ? [`networks.${n}.minWithdrawal`] : undefined}
                disabled={pending}
              />
            ))}
          </Box>
        </Box>
      ))}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('chain.settings.limitsLegend')}
        </Typography>
        <Box sx={grid}>
          {GLOBAL_FIELDS.map((f) => (
            <Field
              key={f}
              control={form.control}
              name={f}
              label={t(`chain.settings.fields.${f}`)}
              hint={t(`chain.settings.hints.${f}`)}
              adornment={usdt}
              deps={depsOf(f)}
              disabled={pending}
            />
          ))}
        </Box>
      </Box>
      {propose.error && !fieldError ? <FormError message={errorMessage(propose.error)} /> : null}
      {form.formState.isSubmitted && !form.formState.isValid ? (
        <FormError message={t('chain.settings.fixErrors')} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending} disabled={!form.formState.isDirty}>
          {t('chain.settings.submit')}
        </Button>
        <Button
          color="inherit"
          disabled={pending}
          onClick={() => {
            form.reset(defaults);
            onCancel();
          }}
        >
          {t('chain.settings.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The settings of tether on chain that change by proposal: each network's figures are shown on its card;
 * here the daily limit and the review bounds, the proposals waiting for a second operator, and
 * (`tether.manage`) the form that proposes a change of any of them.
 */
export function ChainSettingsPanel({ settings }: { settings: Settings }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      <Panel
        id="chain-settings"
        title={t('chain.settings.title')}
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
              {t('chain.settings.propose')}
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
      <PendingProposals kinds={['chain_settings']} />
    </>
  );
}
