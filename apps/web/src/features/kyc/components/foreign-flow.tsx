import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KycState } from '@portal/contract/kyc/kyc';
import { Section } from '@/components/layouts/page-shell';
import { useFormat } from '@/hooks/use-format';
import { useSubmitForeign } from '../api/submit-foreign';
import { emptyForeignInput, foreignDetailsSchema, type ForeignInput, type ForeignOutput } from '../foreign-details';
import { BankAccountStep, useHasBankAccount } from './bank-account-step';
import { useFileErrorMessage } from './file-error-message';
import { ForeignDetailsForm } from './foreign-details-form';
import { KycOutcome } from './kyc-outcome';
import { KycStepper } from './kyc-stepper';
import { VideoRecorder } from './video-recorder';

const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/**
 * The foreign track (SPEC §2 "Foreign KYC"): the details and passport image, then the video; the
 * whole is one submission an operator reviews (waiting, approved, or rejected with a reason and
 * "try again", which starts over from the details). Approval gives level two at once.
 */
export function ForeignFlow({ state, onChangeTrack }: { state: KycState; onChangeTrack?: () => void }) {
  const { t } = useTranslation('kyc');
  const { calendar } = useFormat();
  const schema = useMemo(() => foreignDetailsSchema(calendar), [calendar]);
  const form = useForm<ForeignInput, unknown, ForeignOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyForeignInput,
    mode: 'all',
  });
  const [details, setDetails] = useState<ForeignOutput | null>(null);
  const [retrying, setRetrying] = useState(false);
  const submit = useSubmitForeign();
  const fileError = useFileErrorMessage('kyc_video');

  const latest = state.latest?.kind === 'foreign' ? state.latest : null;
  const outcome = latest && (latest.status !== 'rejected' || !retrying) ? latest : null;
  const hasBank = useHasBankAccount(state.level >= 2) === true;

  if (outcome || state.level >= 2) {
    return (
      <>
        <KycStepper active={state.level >= 2 ? (hasBank ? 'done' : 'bank') : 'video'} />
        {outcome ? (
          <Section id="kyc-review" title={t('outcome.sectionTitle')}>
            <KycOutcome submission={outcome} onRetry={() => setRetrying(true)} />
          </Section>
        ) : null}
        {state.level >= 2 ? (
          <Section id="kyc-bank" title={t('steps.bank')}>
            <BankAccountStep done={hasBank} />
          </Section>
        ) : null}
      </>
    );
  }

  if (!details) {
    return (
      <>
        <KycStepper active="personal" />
        <Section
          id="kyc-foreign"
          title={t('steps.personal')}
          action={
            onChangeTrack ? (
              <Button size="small" onClick={onChangeTrack}>
                {t('track.change')}
              </Button>
            ) : null
          }
        >
          <ForeignDetailsForm form={form} onContinue={setDetails} />
        </Section>
      </>
    );
  }

  return (
    <>
      <KycStepper active="video" />
      <Section
        id="kyc-video"
        title={t('steps.video')}
        action={
          <Button
            size="small"
            startIcon={<ArrowBack sx={flipInRtl} />}
            onClick={() => setDetails(null)}
            disabled={submit.isPending}
          >
            {t('foreign.edit')}
          </Button>
        }
      >
        <VideoRecorder
          name={`${details.firstNameEn} ${details.lastNameEn}`}
          submitLabel={t('foreign.submit')}
          onSubmit={(video) =>
            submit.mutate(
              { details, video },
              {
                onSuccess: () => {
                  setDetails(null);
                  setRetrying(false);
                  form.reset(emptyForeignInput);
                },
              },
            )
          }
          isSubmitting={submit.isPending}
          progress={submit.progress}
          error={submit.error ? fileError(submit.error) : null}
        />
      </Section>
    </>
  );
}
