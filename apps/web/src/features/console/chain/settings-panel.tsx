import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { proposeChainSettingsBody, type ChainDesk } from '@portal/contract/admin/chain';
import { TETHER_NETWORK_KEYS } from '@portal/contract/tether/chain';
import { Detail, Details } from '../shell/console-page';
import {
  ProposalField,
  ProposalForm,
  proposalFieldsGrid,
  ProposedSettingsPanel,
  type ProposeDone,
} from '../shell/four-eyes/propose-settings';
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

/** A limit's change is checked against the fields it bounds: the daily limit each maximum, the first bound the second. */
const depsOf = (f: (typeof GLOBAL_FIELDS)[number]): FieldPath<ChainSettingsFormValues>[] | undefined =>
  f === 'dailyWithdrawalLimit'
    ? TETHER_NETWORK_KEYS.map((n) => `networks.${n}.maxWithdrawal` as const)
    : f === 'reviewAbove'
      ? ['secondReviewAbove']
      : undefined;

/**
 * Proposing new settings (`POST /admin/chain/settings`): the networks' figures, then the daily limit and the
 * review bounds.
 */
function ProposeSettings({ settings, done }: { settings: Settings; done: ProposeDone }) {
  const { t } = useTranslation('admin');
  const errorMessage = useChainErrorMessage();
  const message = useChainRuleMessage();
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
  const pending = propose.isPending;
  const field = { control: form.control, idPrefix: 'chain', atOnce: CROSS_FIELD_RULES, message, disabled: pending };

  return (
    <ProposalForm
      form={form}
      propose={propose}
      toBody={(values) => {
        // Sent as the contract reads it (digits, no separators): the proposal records the canonical figures.
        const body = toChainSettingsBody(values);
        const checked = proposeChainSettingsBody.safeParse(body);
        return checked.success ? checked.data : body;
      }}
      formPathOf={formPathOf}
      errorMessage={errorMessage}
      texts="chain.settings"
      spacing={2.5}
      done={done}
    >
      {TETHER_NETWORK_KEYS.map((n) => (
        <Box key={n} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1.5 }}>
            {networkName(n)}
          </Typography>
          <Box sx={proposalFieldsGrid}>
            {NETWORK_FIELDS.map((f) => (
              <ProposalField
                key={f}
                {...field}
                name={`networks.${n}.${f}`}
                label={t(`chain.settings.fields.${f}`)}
                hint={f === 'confirmations' ? t('chain.settings.confirmationsHint') : undefined}
                adornment={f === 'confirmations' ? blocks : usdt}
                numeric={f === 'confirmations' ? 'numeric' : 'decimal'}
                deps={f === 'maxWithdrawal' ? [`networks.${n}.minWithdrawal`] : undefined}
              />
            ))}
          </Box>
        </Box>
      ))}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('chain.settings.limitsLegend')}
        </Typography>
        <Box sx={proposalFieldsGrid}>
          {GLOBAL_FIELDS.map((f) => (
            <ProposalField
              key={f}
              {...field}
              name={f}
              label={t(`chain.settings.fields.${f}`)}
              hint={t(`chain.settings.hints.${f}`)}
              adornment={usdt}
              deps={depsOf(f)}
            />
          ))}
        </Box>
      </Box>
    </ProposalForm>
  );
}

/**
 * The settings of tether on chain that change by proposal: each network's figures are shown on its card;
 * here the daily limit and the review bounds, the proposals waiting for a second operator, and
 * (`tether.manage`) the form that proposes a change of any of them.
 */
export function ChainSettingsPanel({ settings }: { settings: Settings }) {
  return (
    <ProposedSettingsPanel
      id="chain-settings"
      texts="chain.settings"
      kinds={['chain_settings']}
      version={settings.updatedAt}
      inForce={<SettingsInForce s={settings} />}
      form={(done) => <ProposeSettings settings={settings} done={done} />}
    />
  );
}
