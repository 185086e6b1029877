import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TETHER_LIMIT_LEVELS, type TetherSettings } from '@portal/contract/admin/tether';
import { formatRelative } from '../shell/dates';
import { Detail, Details } from '../shell/console-page';
import {
  ProposalField,
  ProposalForm,
  proposalFieldsGrid,
  ProposedSettingsPanel,
  type ProposeDone,
} from '../shell/four-eyes/propose-settings';
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

/** Proposing new settings (`POST /admin/tether/settings`): spread, fee, quote life, minimum, daily limits. */
function ProposeSettings({ settings, done }: { settings: TetherSettings; done: ProposeDone }) {
  const { t } = useTranslation('admin');
  const errorMessage = useTetherErrorMessage();
  const message = useTetherRuleMessage();
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
  const field = { control: form.control, idPrefix: 'tether', message, disabled: propose.isPending };

  return (
    <ProposalForm
      form={form}
      propose={propose}
      toBody={toSettingsBody}
      formPathOf={formPathOf}
      errorMessage={errorMessage}
      texts="tether.settings"
      spacing={2}
      done={done}
    >
      <Box sx={proposalFieldsGrid}>
        <ProposalField
          {...field}
          name="spreadPercent"
          label={t('tether.settings.spread')}
          hint={t('tether.settings.spreadHint')}
          adornment={percent}
        />
        <ProposalField
          {...field}
          name="feePercent"
          label={t('tether.settings.fee')}
          hint={t('tether.settings.feeHint')}
          adornment={percent}
        />
        <ProposalField
          {...field}
          name="quoteTtlSeconds"
          label={t('tether.settings.quoteTtl')}
          hint={t('tether.settings.quoteTtlHint')}
          adornment={t('tether.settings.secondsUnit')}
        />
        <ProposalField {...field} name="minTradeToman" label={t('tether.settings.minTrade')} adornment={toman} />
        {TETHER_LIMIT_LEVELS.map((level) => (
          <ProposalField
            key={level}
            {...field}
            name={`dailyLimitToman.${level}`}
            label={t(`tether.settings.dailyLimit.${level}`)}
            adornment={toman}
          />
        ))}
      </Box>
    </ProposalForm>
  );
}

/**
 * The market's settings: as they are in force, the proposals of new ones waiting for a second operator,
 * and (`tether.manage`) the form that proposes a change.
 */
export function SettingsPanel({ settings }: { settings: TetherSettings }) {
  return (
    <ProposedSettingsPanel
      id="tether-settings"
      texts="tether.settings"
      kinds={['tether_settings']}
      version={settings.updatedAt}
      inForce={<SettingsInForce s={settings} />}
      form={(done) => <ProposeSettings settings={settings} done={done} />}
    />
  );
}
