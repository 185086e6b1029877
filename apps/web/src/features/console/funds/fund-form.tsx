import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type FieldPath,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FUND_MONEY_MAX_MINOR, type AdminFund } from '@portal/contract/admin/funds';
import type { Culture } from '@portal/contract/core/constants';
import { CURRENCY_SCALE, fromMinor } from '@portal/contract/core/money';
import {
  FUND_CATEGORIES,
  FUND_CURRENCIES,
  FUND_KINDS,
  FUND_PRESETS,
  FUND_RISKS,
  FUND_TYPES,
  type FundCurrency,
} from '@portal/contract/funds/funds';
import { FormError } from '@/components/form/form-error';
import { paths } from '@/config/paths';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { intlLocale } from '@/lib/format';
import { formatDay, parseDayInput } from '../shell/dates';
import { Panel } from '../shell/console-page';
import {
  emptyAllocation,
  emptyDocument,
  emptyLicence,
  FUND_ALLOCATION_MAX,
  FUND_DOCUMENTS_MAX,
  FUND_LICENCES_MAX,
  formPathOf,
  fundFormSchema,
  type FundFormValues,
} from './fund-form-schema';
import { useFundErrorMessage, useFundRuleMessage } from './fund-labels';
import { useDigitInput } from '@/components/digit-text-field';

const LANGS: readonly Culture[] = ['fa', 'ar', 'en'];

/** The percent sign of the language (`٪` in Persian, `%` in English). */
function localeSymbolsPercent(lng: string): string {
  return (
    new Intl.NumberFormat(intlLocale(lng), { style: 'percent' })
      .formatToParts(0.5)
      .find((p) => p.type === 'percentSign')?.value ?? '%'
  );
}
const dirOf = (lng: Culture) => (lng === 'en' ? 'ltr' : 'rtl');
type Path = FieldPath<FundFormValues>;

/** Three, two or one fields a row, as the screen allows. */
const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** The values a rule's sentence may name for this fund's currency (its scale, the largest amount). */
function useRuleValues(): Record<string, string> {
  const fmt = useFormat();
  const currency = useWatch<FundFormValues, 'currency'>({ name: 'currency' }) as FundCurrency | '';
  if (!currency) return {};
  return {
    scale: fmt.number(CURRENCY_SCALE[currency]),
    max: fmt.amount(fromMinor(FUND_MONEY_MAX_MINOR, currency), currency),
  };
}

/** A text field of the form: its error once touched or submitted, else its hint. */
function Field({
  name,
  label,
  hint,
  dir,
  multiline = false,
  adornment,
  disabled,
  numeric = false,
}: {
  name: Path;
  label: string;
  hint?: string;
  dir?: 'ltr' | 'rtl';
  multiline?: boolean;
  adornment?: string;
  disabled: boolean;
  /** A figure: shown in the interface's digits, kept in Latin ones (the one rule of digit inputs, issue 19). */
  numeric?: boolean;
}) {
  const { control } = useFormContext<FundFormValues>();
  const message = useFundRuleMessage();
  const values = useRuleValues();
  const digits = useDigitInput();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <TextField
            name={field.name}
            {...(numeric
              ? digits({ value: field.value as string, onChange: field.onChange })
              : { value: field.value, onChange: field.onChange })}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`fund-${name.replace(/\./g, '-')}`}
            label={label}
            disabled={disabled}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            error={show}
            helperText={show ? message(fieldState.error?.message, values) : (hint ?? ' ')}
            slotProps={{
              htmlInput: { dir, autoComplete: 'off' },
              input: adornment ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } : {},
            }}
          />
        );
      }}
    />
  );
}

/** A choice of the form, from a fixed list. */
function Choice({
  name,
  label,
  options,
  hint,
  disabled,
}: {
  name: Path;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  disabled: boolean;
}) {
  const { control } = useFormContext<FundFormValues>();
  const message = useFundRuleMessage();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState, formState }) => {
        const show = Boolean(fieldState.error) && (fieldState.isTouched || fieldState.isDirty || formState.isSubmitted);
        return (
          <TextField
            select
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            id={`fund-${name.replace(/\./g, '-')}`}
            label={label}
            required
            disabled={disabled}
            error={show}
            helperText={show ? message(fieldState.error?.message) : (hint ?? ' ')}
          >
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/** A text in the three interface languages (SPEC: Persian, Arabic, English), each written in its direction. */
function Localized({
  name,
  label,
  multiline,
  disabled,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={grid}>
      {LANGS.map((lng) => (
        <Field
          key={lng}
          name={`${name}.${lng}` as Path}
          label={t('funds.form.inLanguage', { field: label, language: t(`funds.languages.${lng}`) })}
          dir={dirOf(lng)}
          multiline={multiline}
          disabled={disabled}
        />
      ))}
    </Box>
  );
}

function Toggle({ name, label, hint, disabled }: { name: Path; label: string; hint: string; disabled: boolean }) {
  const { control } = useFormContext<FundFormValues>();
  const hintId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
                inputRef={field.ref}
                disabled={disabled}
                slotProps={{ input: { 'aria-describedby': hintId } }}
              />
            }
            label={label}
            sx={{ mx: 0 }}
          />
          <FormHelperText id={hintId} sx={{ mx: 0, mt: 0 }}>
            {hint}
          </FormHelperText>
        </Box>
      )}
    />
  );
}

/** One entry of a list (a holding, a licence, a document): its fields and a remove button. */
function Entry({
  title,
  onRemove,
  disabled,
  children,
}: {
  title: string;
  onRemove: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ listStyle: 'none', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {disabled ? null : (
          <IconButton onClick={onRemove} aria-label={t('funds.form.remove', { item: title })} size="small">
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Box>
      {children}
    </Paper>
  );
}

function AllocationPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const message = useFundRuleMessage();
  const { control, getFieldState, formState } = useFormContext<FundFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'assetAllocation' });
  const rows = useWatch({ control, name: 'assetAllocation' });
  const total = rows.reduce((s, r) => s + Math.round((Number(r.percent.replace('٫', '.')) || 0) * 100), 0);
  const rootError = getFieldState('assetAllocation', formState).error;
  const percentSign = localeSymbolsPercent(fmt.lng);
  const rootMessage = rootError?.root?.message ?? rootError?.message;
  return (
    <Panel id="fund-allocation" title={t('funds.form.allocation')}>
      <Typography variant="body2" color="text.secondary">
        {t('funds.form.allocationHint', { total: fmt.number(total / 100, { maximumFractionDigits: 2 }) })}
      </Typography>
      {fields.length === 0 ? (
        <Typography color="text.secondary">{t('funds.form.allocationEmpty')}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {fields.map((f, i) => (
            <Entry
              key={f.id}
              title={t('funds.form.holdingN', { n: fmt.number(i + 1) })}
              onRemove={() => remove(i)}
              disabled={disabled}
            >
              <Localized name={`assetAllocation.${i}.label`} label={t('funds.form.holdingLabel')} disabled={disabled} />
              <Box sx={{ maxWidth: 220 }}>
                <Field
                  name={`assetAllocation.${i}.percent`}
                  numeric
                  label={t('funds.form.percent')}
                  adornment={percentSign}
                  dir="ltr"
                  disabled={disabled}
                />
              </Box>
            </Entry>
          ))}
        </Stack>
      )}
      {rootMessage && (formState.isSubmitted || formState.isDirty) ? (
        <FormHelperText error>{message(rootMessage)}</FormHelperText>
      ) : null}
      {disabled ? null : (
        <AddRowButton onClick={() => append(emptyAllocation())} full={fields.length >= FUND_ALLOCATION_MAX}>
          {t('funds.form.addHolding')}
        </AddRowButton>
      )}
    </Panel>
  );
}

/** "Add a row" under a list of the form, refused once the list is full. */
function AddRowButton({ onClick, full, children }: { onClick: () => void; full: boolean; children: ReactNode }) {
  return (
    <Button startIcon={<AddOutlined />} onClick={onClick} disabled={full} sx={{ alignSelf: 'flex-start' }}>
      {children}
    </Button>
  );
}

function LicencesPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const { control } = useFormContext<FundFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'licences' });
  const rows = useWatch({ control, name: 'licences' });
  const example = formatDay(new Date().toISOString().slice(0, 10), fmt.lng, fmt.calendar, 'short');
  return (
    <Panel id="fund-licences" title={t('funds.form.licences')}>
      {fields.length === 0 ? (
        <Typography color="text.secondary">{t('funds.form.licencesEmpty')}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {fields.map((f, i) => {
            const iso = parseDayInput(rows[i]?.issuedOn ?? '', fmt.calendar);
            return (
              <Entry
                key={f.id}
                title={t('funds.form.licenceN', { n: fmt.number(i + 1) })}
                onRemove={() => remove(i)}
                disabled={disabled}
              >
                <Localized name={`licences.${i}.title`} label={t('funds.form.licenceTitle')} disabled={disabled} />
                <Localized name={`licences.${i}.issuer`} label={t('funds.form.licenceIssuer')} disabled={disabled} />
                <Box sx={grid}>
                  <Field
                    name={`licences.${i}.number`}
                    label={t('funds.form.licenceNumber')}
                    dir="ltr"
                    disabled={disabled}
                  />
                  <Field
                    name={`licences.${i}.issuedOn`}
                    label={t('funds.form.licenceIssuedOn')}
                    hint={
                      iso
                        ? formatDay(iso, fmt.lng, fmt.calendar)
                        : t('funds.form.dayHint', {
                            calendar: t(`translation:common.calendar.${fmt.calendar}`),
                            example,
                          })
                    }
                    disabled={disabled}
                  />
                </Box>
              </Entry>
            );
          })}
        </Stack>
      )}
      {disabled ? null : (
        <AddRowButton onClick={() => append(emptyLicence())} full={fields.length >= FUND_LICENCES_MAX}>
          {t('funds.form.addLicence')}
        </AddRowButton>
      )}
    </Panel>
  );
}

function DocumentsPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const { control } = useFormContext<FundFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'documents' });
  return (
    <Panel id="fund-documents" title={t('funds.form.documents')}>
      {fields.length === 0 ? (
        <Typography color="text.secondary">{t('funds.form.documentsEmpty')}</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {fields.map((f, i) => (
            <Entry
              key={f.id}
              title={t('funds.form.documentN', { n: fmt.number(i + 1) })}
              onRemove={() => remove(i)}
              disabled={disabled}
            >
              <Localized name={`documents.${i}.title`} label={t('funds.form.documentTitle')} disabled={disabled} />
              <Field
                name={`documents.${i}.url`}
                label={t('funds.form.documentUrl')}
                hint={t('funds.form.urlHint')}
                dir="ltr"
                disabled={disabled}
              />
            </Entry>
          ))}
        </Stack>
      )}
      {disabled ? null : (
        <AddRowButton onClick={() => append(emptyDocument())} full={fields.length >= FUND_DOCUMENTS_MAX}>
          {t('funds.form.addDocument')}
        </AddRowButton>
      )}
    </Panel>
  );
}

/**
 * A fund's terms (fees, limits, the pauses) as fields of a fund form: editable when creating a fund and in
 * the terms proposal (issue 15), read-only in a fund's edit form (its terms change only by proposal).
 */
export function FundTermsPanels({
  disabled,
  pausesDisabled = disabled,
  note,
}: {
  /** Fees and limits read-only. */
  disabled: boolean;
  /** The pauses read-only (as the fees and limits unless said). */
  pausesDisabled?: boolean;
  note?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const currency = useWatch<FundFormValues, 'currency'>({ name: 'currency' }) as FundCurrency | '';
  const currencyName = currency ? t(`translation:currency.${currency}`) : '';
  const percentSign = localeSymbolsPercent(fmt.lng);
  return (
    <>
      {note}
      <Panel id="fund-fees" title={t('funds.form.fees')}>
        <Box sx={grid}>
          <Field
            name="fees.purchaseFixedFee"
            numeric
            label={t('funds.form.purchaseFixedFee')}
            adornment={currencyName}
            dir="ltr"
            disabled={disabled}
          />
          <Field
            name="fees.managementFeePercent"
            numeric
            label={t('funds.form.managementFee')}
            hint={t('funds.form.managementFeeHint')}
            adornment={percentSign}
            dir="ltr"
            disabled={disabled}
          />
          <Field
            name="fees.redeemFixedFee"
            numeric
            label={t('funds.form.redeemFixedFee')}
            adornment={currencyName}
            dir="ltr"
            disabled={disabled}
          />
          <Field
            name="fees.performanceFeePercent"
            numeric
            label={t('funds.form.performanceFee')}
            hint={t('funds.form.performanceFeeHint')}
            adornment={percentSign}
            dir="ltr"
            disabled={disabled}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('funds.form.earlyExitNote')}
        </Typography>
      </Panel>

      <Panel id="fund-limits" title={t('funds.form.limits')}>
        <Box sx={grid}>
          <Field
            name="limits.minPurchase"
            numeric
            label={t('funds.form.minPurchase')}
            adornment={currencyName}
            dir="ltr"
            disabled={disabled}
          />
          <Field
            name="limits.maxPurchase"
            numeric
            label={t('funds.form.maxPurchase')}
            hint={t('funds.form.maxPurchaseHint')}
            adornment={currencyName}
            dir="ltr"
            disabled={disabled}
          />
          <Field
            name="limits.minRedeemUnits"
            numeric
            label={t('funds.form.minRedeemUnits')}
            hint={t('funds.form.minRedeemUnitsHint')}
            dir="ltr"
            disabled={disabled}
          />
        </Box>
      </Panel>

      <Panel id="fund-pauses" title={t('funds.form.pauses')}>
        <Box sx={grid}>
          <Toggle
            name="buyingPaused"
            label={t('funds.form.buyingPaused')}
            hint={t('funds.form.buyingPausedHint')}
            disabled={pausesDisabled}
          />
          <Toggle
            name="redeemingPaused"
            label={t('funds.form.redeemingPaused')}
            hint={t('funds.form.redeemingPausedHint')}
            disabled={pausesDisabled}
          />
        </Box>
      </Panel>
    </>
  );
}

/**
 * Every field of a fund (issue 6; decision 021): what it is (kind, preset, `FundType`, `/funds` tab, risk,
 * currency, order), its texts in fa, ar and en, fees, limits, the pauses and publication, its holdings,
 * licences and documents. Checked on change and on blur with the contract's whole-fund rules; the
 * server's refusals land on their fields. Read-only for an operator without `funds.manage`. Editing a
 * fund, its terms (fees, limits, pauses) are read-only: a second operator approves their change (issue 15).
 */
export function FundForm({
  fund,
  defaultValues,
  readOnly,
  pending,
  error,
  submitLabel,
  onSubmit,
}: {
  /** The fund being edited (its currency may be locked); absent when creating. */
  fund?: AdminFund;
  defaultValues: FundFormValues;
  readOnly: boolean;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (values: FundFormValues, dirty: Partial<Record<keyof FundFormValues, unknown>>) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const errorMessage = useFundErrorMessage();
  const schema = useMemo(() => fundFormSchema(fmt.calendar), [fmt.calendar]);
  const form = useForm<FundFormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'all' });
  const disabled = readOnly || pending;
  /** Editing a fund: its terms show, read-only; they change by proposal (the terms tab). */
  const termsByProposal = fund !== undefined;
  /**
   * A fund without NAVs and orders changing its currency brings its fees and limits in the new one: they
   * open for that edit (the pauses stay a proposal's).
   */
  const currency = useWatch({ control: form.control, name: 'currency' });
  const currencyChanging = fund !== undefined && !fund.currencyLocked && currency !== fund.currency;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form.formState.dirtyFields);
    } catch (e) {
      // The server's refusals of a field land on the field.
      if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const issue of e.details?.issues ?? []) {
          const path = formPathOf(issue.path.replace(/^body\./, '').split('.'));
          form.setError(path as Path, { type: 'server', message: issue.rule }, { shouldFocus: true });
        }
      } else if (isApiError(e) && e.code === 'FUND_CODE_TAKEN') {
        form.setError('code', { type: 'server', message: 'fundCodeTaken' }, { shouldFocus: true });
      } else if (isApiError(e) && e.code === 'FUND_CURRENCY_LOCKED') {
        form.setError('currency', { type: 'server', message: 'currencyLocked' }, { shouldFocus: true });
      }
    }
  });
  const fieldError =
    isApiError(error) && ['VALIDATION_FAILED', 'FUND_CODE_TAKEN', 'FUND_CURRENCY_LOCKED'].includes(error.code);
  const label = (group: string, values: readonly (string | number)[]) =>
    values.map((v) => ({ value: String(v), label: t(`funds.${group}.${v}`) }));

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={t('funds.form.label')}>
        {readOnly ? <Alert severity="info">{t('funds.form.readOnly')}</Alert> : null}
        <Panel id="fund-identity" title={t('funds.form.identity')}>
          <Box sx={grid}>
            <Field
              name="code"
              label={t('funds.form.code')}
              hint={t('funds.form.codeHint')}
              dir="ltr"
              disabled={disabled}
            />
            <Choice name="kind" label={t('funds.form.kind')} options={label('kinds', FUND_KINDS)} disabled={disabled} />
            <Choice
              name="preset"
              label={t('funds.form.preset')}
              options={label('presets', FUND_PRESETS)}
              disabled={disabled}
            />
            <Choice
              name="fundType"
              label={t('funds.form.fundType')}
              options={label('fundTypes', Object.values(FUND_TYPES))}
              disabled={disabled}
            />
            <Choice
              name="category"
              label={t('funds.form.category')}
              options={label('categories', FUND_CATEGORIES)}
              disabled={disabled}
            />
            <Choice name="risk" label={t('funds.form.risk')} options={label('risks', FUND_RISKS)} disabled={disabled} />
            <Choice
              name="currency"
              label={t('funds.form.currency')}
              options={FUND_CURRENCIES.map((c) => ({ value: c, label: t(`translation:currency.${c}`) }))}
              hint={fund?.currencyLocked ? t('funds.form.currencyLocked') : t('funds.form.currencyHint')}
              disabled={disabled || Boolean(fund?.currencyLocked)}
            />
            <Field
              name="sortOrder"
              numeric
              label={t('funds.form.sortOrder')}
              hint={t('funds.form.sortOrderHint')}
              dir="ltr"
              disabled={disabled}
            />
          </Box>
        </Panel>

        <Panel id="fund-texts" title={t('funds.form.texts')}>
          <Localized name="name" label={t('funds.form.name')} disabled={disabled} />
          <Localized name="summary" label={t('funds.form.summary')} disabled={disabled} />
          <Localized name="about" label={t('funds.form.about')} multiline disabled={disabled} />
        </Panel>

        <FundTermsPanels
          disabled={disabled || (termsByProposal && !currencyChanging)}
          pausesDisabled={disabled || termsByProposal}
          note={
            termsByProposal && fund && !readOnly ? (
              <Alert severity="info" data-testid="fund-terms-by-proposal">
                {t('funds.terms.byProposal')}{' '}
                <Link component={RouterLink} to={paths.adminFund.getHref(fund.id, 'terms')} sx={{ fontWeight: 600 }}>
                  {t('funds.terms.proposeLink')}
                </Link>
              </Alert>
            ) : null
          }
        />

        <Panel id="fund-state" title={t('funds.form.state')}>
          <Box sx={grid}>
            <Toggle
              name="published"
              label={t('funds.form.published')}
              hint={t('funds.form.publishedHint')}
              disabled={disabled}
            />
          </Box>
        </Panel>

        <AllocationPanel disabled={disabled} />
        <LicencesPanel disabled={disabled} />
        <DocumentsPanel disabled={disabled} />

        {error && !fieldError ? <FormError message={errorMessage(error)} /> : null}
        {form.formState.isSubmitted && !form.formState.isValid ? (
          <FormError message={t('funds.form.fixErrors')} />
        ) : null}
        {readOnly ? null : (
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={pending}
              disabled={fund !== undefined && !form.formState.isDirty}
            >
              {submitLabel}
            </Button>
            {fund !== undefined && form.formState.isDirty ? (
              <Button color="inherit" disabled={pending} onClick={() => form.reset()}>
                {t('funds.form.discard')}
              </Button>
            ) : null}
          </Box>
        )}
      </Stack>
    </FormProvider>
  );
}
