import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycState } from '@portal/contract/kyc/kyc';
import { Section } from '@/components/layouts/page-shell';
import { useAccount } from '@/lib/session';
import { useSubmitVideo } from '../api/submit-video';
import { BankAccountStep, useHasBankAccount } from './bank-account-step';
import { useFileErrorMessage } from './file-error-message';
import { IdentityForm } from './identity-form';
import { IdentitySummary } from './identity-summary';
import { KycOutcome } from './kyc-outcome';
import { KycStepper } from './kyc-stepper';
import { VideoRecorder } from './video-recorder';

/** Level two (Iranian): the recorder, then the upload and the submission for review. */
function VideoStep({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation('kyc');
  const user = useAccount().data?.user;
  const name = [user?.firstName, user?.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ');
  const submit = useSubmitVideo();
  const fileError = useFileErrorMessage('kyc_video');
  return (
    <VideoRecorder
      name={name || null}
      submitLabel={t('video.submit')}
      onSubmit={(video) => submit.mutate(video, { onSuccess: onSubmitted })}
      isSubmitting={submit.isPending}
      progress={submit.progress}
      error={submit.error ? fileError(submit.error) : null}
    />
  );
}

/**
 * The Iranian track: level one (national code and birth date, decided at once), then the video
 * (reviewed by an operator: waiting, approved, or rejected with a reason and "try again"), then
 * the bank account.
 */
export function IranianFlow({ state, onChangeTrack }: { state: KycState; onChangeTrack?: () => void }) {
  const { t } = useTranslation('kyc');
  const [retrying, setRetrying] = useState(false);
  const latest = state.latest?.kind === 'video' ? state.latest : null;
  const active = state.level >= 2 ? 'bank' : state.level === 1 ? 'video' : 'personal';
  const hasBank = useHasBankAccount(active === 'bank') === true;
  const outcome = latest && (latest.status !== 'rejected' || !retrying) ? latest : null;

  return (
    <>
      <KycStepper active={active === 'bank' && hasBank ? 'done' : active} />
      <Section
        id="kyc-personal"
        title={t('steps.personal')}
        action={
          onChangeTrack ? (
            <Button size="small" onClick={onChangeTrack}>
              {t('track.change')}
            </Button>
          ) : null
        }
      >
        {state.identity ? <IdentitySummary identity={state.identity} /> : <IdentityForm />}
      </Section>
      {active !== 'personal' ? (
        <Section id="kyc-video" title={t('steps.video')}>
          {outcome ? (
            <KycOutcome submission={outcome} onRetry={() => setRetrying(true)} />
          ) : (
            <VideoStep onSubmitted={() => setRetrying(false)} />
          )}
        </Section>
      ) : null}
      {active === 'bank' ? (
        <Section id="kyc-bank" title={t('steps.bank')}>
          <BankAccountStep done={hasBank} />
        </Section>
      ) : null}
    </>
  );
}
