import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminFund } from '@portal/contract/admin/funds';
import type { Proposal } from '@portal/contract/admin/proposals';
import { FormError } from '@/components/form/form-error';
import { useNotify } from '@/components/notices/notices';
import { useFormat } from '@/hooks/use-format';
import { isApiError } from '@/lib/api-error';
import { useProposeFundTerms } from './api';
import { useCan } from '../shell/operator';
import { PendingProposals } from '../shell/four-eyes/pending-proposals';
import { ProposedAlert } from '../shell/four-eyes/proposal-labels';
import { FundTermsPanels } from './fund-form';
import { formPathOf, fundTermsSchema, fundValuesOf, toTermsBody, type FundFormValues } from './fund-form-schema';
import { useFundErrorMessage } from './fund-labels';

/**
 * Proposing new terms (`POST /admin/funds/:id/terms`, issue 15): the fund's fees, limits and pauses as
 * they are, changed here and sent as a proposal (only the sections that changed); they take effect when
 * a second operator approves. The form goes back to the terms in force, since nothing changed yet.
 */
function ProposeTerms({ fund, onProposed }: { fund: AdminFund; onProposed: (p: Proposal) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const notify = useNotify();
  const errorMessage = useFundErrorMessage();
  const propose = useProposeFundTerms(fund.id);
  const schema = useMemo(() => fundTermsSchema(fund.currency), [fund.currency]);
  const defaults = useMemo(() => fundValuesOf(fund, fmt.calendar, fmt.lng), [fund, fmt.calendar, fmt.lng]);
  const form = useForm<FundFormValues>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'all' });

  const submit = form.handleSubmit(async (values) => {
    if (propose.isPending) return;
    try {
      const proposal = await propose.mutateAsync(toTermsBody(values, form.formState.dirtyFields));
      notify.success('admin:funds.terms.proposed');
      form.reset(defaults);
      onProposed(proposal);
    } catch (e) {
      // The server's refusals of a field land on the field; anything else shows under the form.
      if (isApiError(e) && e.code === 'VALIDATION_FAILED') {
        for (const issue of e.details?.issues ?? []) {
          const path = formPathOf(issue.path.replace(/^body\./, '').split('.'));
          form.setError(
            path as FieldPath<FundFormValues>,
            { type: 'server', message: issue.rule },
            { shouldFocus: true },
          );
        }
      }
    }
  });
  const fieldError = isApiError(propose.error) && propose.error.code === 'VALIDATION_FAILED';

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit} aria-label={t('funds.terms.formLabel')}>
        <Typography color="text.secondary">{t('funds.terms.intro')}</Typography>
        <FundTermsPanels disabled={propose.isPending} />
        {propose.error && !fieldError ? <FormError message={errorMessage(propose.error)} /> : null}
        {form.formState.isSubmitted && !form.formState.isValid ? (
          <FormError message={t('funds.form.fixErrors')} />
        ) : null}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={propose.isPending}
            disabled={!form.formState.isDirty}
          >
            {t('funds.terms.submit')}
          </Button>
          {form.formState.isDirty ? (
            <Button color="inherit" disabled={propose.isPending} onClick={() => form.reset(defaults)}>
              {t('funds.form.discard')}
            </Button>
          ) : null}
        </Box>
      </Stack>
    </FormProvider>
  );
}

/**
 * The terms tab: the fund's fees, limits and pauses, the proposals of new ones waiting for a second
 * operator, and (`funds.manage`) the form that proposes a change.
 */
export function FundTermsTab({ fund }: { fund: AdminFund }) {
  const { t } = useTranslation('admin');
  const can = useCan();
  const [proposed, setProposed] = useState<Proposal | null>(null);
  return (
    <>
      {proposed ? <ProposedAlert proposal={proposed} onClose={() => setProposed(null)} /> : null}
      <PendingProposals fundId={fund.id} kinds={['fund_terms']} />
      {can('funds.manage') ? (
        // A fund saved anew (its terms approved) starts the form again from it.
        <ProposeTerms key={fund.updatedAt} fund={fund} onProposed={setProposed} />
      ) : (
        <>
          <Alert severity="info">{t('funds.form.readOnly')}</Alert>
          <ReadOnlyTerms fund={fund} />
        </>
      )}
    </>
  );
}

/** The terms in force, for a role that reads funds only. */
function ReadOnlyTerms({ fund }: { fund: AdminFund }) {
  const fmt = useFormat();
  const form = useForm<FundFormValues>({ defaultValues: fundValuesOf(fund, fmt.calendar, fmt.lng) });
  return (
    <FormProvider {...form}>
      <Stack spacing={2.5}>
        <FundTermsPanels disabled />
      </Stack>
    </FormProvider>
  );
}
