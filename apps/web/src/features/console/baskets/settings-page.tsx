import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BasketSettings } from '@portal/contract/admin/baskets';
import { paths } from '@/config/paths';
import { intlLocale } from '@/lib/format';
import { Detail, Details, LoadingOrError } from '../shell/console-page';
import {
  ProposalField,
  ProposalForm,
  proposalFieldsGrid,
  ProposedSettingsPanel,
  type ProposeDone,
} from '../shell/four-eyes/propose-settings';
import { usePersonLabel } from '../shell/four-eyes/review-approvals';
import { basketSettingsQueryOptions, useProposeBasketSettings } from './api';
import { BasketFrame } from './basket-frame';
import { useBasketErrorMessage, useBasketFormat, useBasketRuleMessage } from './basket-labels';
import {
  BAND_KEYS,
  COUNT_FIELDS,
  CROSS_RULES,
  formPathOf,
  settingsFormSchema,
  settingsFormValuesOf,
  SHARE_FIELDS,
  toSettingsBody,
  type SettingsFormValues,
} from './settings-form';

/** The settings in force: each band's volatility target and tether share, the bounds, fee, exclusions, VIP bound. */
function SettingsInForce({ s }: { s: BasketSettings }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const nameOf = usePersonLabel();
  const c = s.construction;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('settings.bands')} data-testid="basket-settings-bands">
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.risk')}</TableCell>
              <TableCell>{t('settings.fields.volatilityTarget')}</TableCell>
              <TableCell>{t('settings.fields.tetherShare')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {BAND_KEYS.map((k) => (
              <TableRow key={k} hover>
                <TableCell component="th" scope="row">
                  {bf.risk(Number(k))}
                </TableCell>
                <TableCell>{bf.share(c.bands[k].volatilityTarget)}</TableCell>
                <TableCell>{bf.share(c.bands[k].tetherShare)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Details>
        {SHARE_FIELDS.map((f) => (
          <Detail key={f} label={t(`settings.fields.${f}`)}>
            <span data-testid={`basket-setting-${f}`}>{bf.share(c[f])}</span>
          </Detail>
        ))}
        <Detail label={t('settings.fields.minAssets')}>{bf.number(c.minAssets)}</Detail>
        <Detail label={t('settings.fields.maxAssets')}>{bf.number(c.maxAssets)}</Detail>
        <Detail label={t('settings.fields.minHistoryDays')}>
          {t('settings.days', { formatted: bf.number(c.minHistoryDays) })}
        </Detail>
        <Detail label={t('settings.fields.feePercent')}>
          <span data-testid="basket-setting-fee">{bf.bps(s.feeBps)}</span>
        </Detail>
        <Detail label={t('settings.fields.excludedSymbols')}>
          {s.excludedSymbols.length === 0 ? (
            <Typography component="span" color="text.secondary">
              {t('settings.noExcluded')}
            </Typography>
          ) : (
            s.excludedSymbols.map((x) => <Chip key={x} size="small" label={x} dir="ltr" />)
          )}
        </Detail>
        <Detail label={t('settings.fields.vipSecondReviewAbove')}>
          <span data-testid="basket-setting-vip">{bf.usdt(s.vipSecondReviewAbove)}</span>
        </Detail>
        <Detail label={t('settings.updated')}>
          {s.updatedBy
            ? t('settings.updatedBy', {
                name: nameOf(s.updatedBy),
                at: `${bf.relative(s.updatedAt)} – ${bf.date(s.updatedAt, 'dateTime')}`,
              })
            : t('settings.initial')}
        </Detail>
      </Details>
    </>
  );
}

/** Proposing new settings (`POST /admin/baskets/settings`): every figure, sent whole. */
function ProposeSettings({ settings, done }: { settings: BasketSettings; done: ProposeDone }) {
  const { t } = useTranslation('basketDesk');
  const bf = useBasketFormat();
  const errorMessage = useBasketErrorMessage();
  const message = useBasketRuleMessage();
  const propose = useProposeBasketSettings();
  const defaults = useMemo(() => settingsFormValuesOf(settings), [settings]);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: defaults,
    mode: 'all',
  });
  const percent =
    new Intl.NumberFormat(intlLocale(bf.lng), { style: 'percent' })
      .formatToParts(0.5)
      .find((p) => p.type === 'percentSign')?.value ?? '%';
  const field = {
    control: form.control,
    idPrefix: 'basket-settings',
    message,
    disabled: propose.isPending,
    atOnce: CROSS_RULES,
  };
  const bandDeps = (k: string, f: 'volatilityTarget' | 'tetherShare') =>
    BAND_KEYS.filter((x) => x !== k).map((x) => `construction.bands.${x}.${f}` as const);

  return (
    <ProposalForm
      form={form}
      propose={propose}
      toBody={toSettingsBody}
      formPathOf={formPathOf}
      errorMessage={errorMessage}
      texts="basketDesk:settings"
      spacing={2.5}
      done={done}
    >
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t('settings.bands')}
      </Typography>
      {BAND_KEYS.map((k) => (
        <Box key={k} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {bf.risk(Number(k))}
          </Typography>
          <Box sx={proposalFieldsGrid}>
            <ProposalField
              {...field}
              name={`construction.bands.${k}.volatilityTarget`}
              label={t('settings.fields.volatilityTarget')}
              adornment={percent}
              deps={bandDeps(k, 'volatilityTarget')}
            />
            <ProposalField
              {...field}
              name={`construction.bands.${k}.tetherShare`}
              label={t('settings.fields.tetherShare')}
              adornment={percent}
              deps={[...bandDeps(k, 'tetherShare'), 'construction.maxWeight']}
            />
          </Box>
        </Box>
      ))}
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t('settings.construction')}
      </Typography>
      <Box sx={proposalFieldsGrid}>
        {SHARE_FIELDS.map((f) => (
          <ProposalField
            key={f}
            {...field}
            name={`construction.${f}`}
            label={t(`settings.fields.${f}`)}
            hint={t(`settings.hints.${f}`)}
            adornment={percent}
            deps={
              f === 'maxWeight'
                ? ['construction.minWeight']
                : f === 'minWeight'
                  ? ['construction.maxWeight']
                  : undefined
            }
          />
        ))}
        {COUNT_FIELDS.map((f) => (
          <ProposalField
            key={f}
            {...field}
            name={`construction.${f}`}
            label={t(`settings.fields.${f}`)}
            hint={t(`settings.hints.${f}`)}
            numeric="numeric"
            adornment={f === 'minHistoryDays' ? t('settings.daysUnit') : undefined}
            deps={
              f === 'minAssets'
                ? ['construction.maxAssets']
                : f === 'maxAssets'
                  ? ['construction.minAssets', 'construction.maxWeight']
                  : undefined
            }
          />
        ))}
      </Box>
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        {t('settings.orders')}
      </Typography>
      <Box sx={proposalFieldsGrid}>
        <ProposalField
          {...field}
          name="feePercent"
          label={t('settings.fields.feePercent')}
          hint={t('settings.hints.feePercent')}
          adornment={percent}
        />
        <ProposalField
          {...field}
          name="vipSecondReviewAbove"
          label={t('settings.fields.vipSecondReviewAbove')}
          hint={t('settings.hints.vipSecondReviewAbove')}
          adornment={t('translation:currency.USDT')}
        />
        <Controller
          name="excludedSymbols"
          control={form.control}
          render={({ field: f, fieldState, formState }) => {
            const show =
              Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
            return (
              <TextField
                {...f}
                id="basket-settings-excludedSymbols"
                label={t('settings.fields.excludedSymbols')}
                disabled={propose.isPending}
                error={show}
                helperText={show ? message(fieldState.error?.message) : t('settings.hints.excludedSymbols')}
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', spellCheck: false } }}
              />
            );
          }}
        />
      </Box>
    </ProposalForm>
  );
}

/**
 * The baskets' settings (`/admin/baskets/settings`): the construction's parameters, the basket fee, the
 * excluded symbols and the VIP review bound as they are in force, the proposals of new ones waiting for a
 * second operator, and (`baskets.manage`) the form that proposes a change; it takes effect when another
 * operator approves it on the proposals desk.
 */
export default function BasketSettingsPage() {
  const { t } = useTranslation('basketDesk');
  const settings = useQuery(basketSettingsQueryOptions());
  return (
    <BasketFrame section="settings">
      <Typography color="text.secondary">{t('settings.pageIntro')}</Typography>
      {settings.isPending || settings.isError ? (
        <LoadingOrError query={settings} />
      ) : (
        <>
          {settings.data.pendingProposalId ? (
            <Typography variant="body2" data-testid="basket-settings-pending">
              {t('settings.pendingProposal')}{' '}
              <Link component={RouterLink} to={paths.adminProposal.getHref(settings.data.pendingProposalId)}>
                {t('settings.openProposal')}
              </Link>
            </Typography>
          ) : null}
          <ProposedSettingsPanel
            id="basket-settings"
            texts="basketDesk:settings"
            kinds={['basket_settings']}
            permission="baskets.manage"
            version={settings.data.updatedAt}
            inForce={<SettingsInForce s={settings.data} />}
            form={(done) => <ProposeSettings settings={settings.data} done={done} />}
          />
        </>
      )}
    </BasketFrame>
  );
}
