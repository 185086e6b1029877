import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycState, KycTrack } from '@portal/contract/kyc/kyc';
import { ErrorState } from '@/components/errors/error-state';
import { PageShell, Section, SectionLoading } from '@/components/layouts/page-shell';
import { useKyc } from '../api/get-kyc';
import { ForeignFlow } from './foreign-flow';
import { IranianFlow } from './iranian-flow';
import { KycStepper } from './kyc-stepper';
import { TrackChoice } from './track-choice';

/** Before the first submission the user picks a track here; afterwards the server's track holds. */
function KycFlow({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const [chosen, setChosen] = useState<KycTrack | null>(null);
  const track = state.track ?? chosen;
  const changeTrack = state.track ? undefined : () => setChosen(null);

  if (track === 'iranian') return <IranianFlow state={state} onChangeTrack={changeTrack} />;
  if (track === 'foreign') return <ForeignFlow state={state} onChangeTrack={changeTrack} />;
  return (
    <>
      <KycStepper active="personal" />
      <Section id="kyc-track" title={t('track.title')}>
        <TrackChoice onChoose={setChosen} />
      </Section>
    </>
  );
}

/** `/profile/kyc` (SPEC §2 "KYC"): identity verification, Iranian or foreign, step by step. */
export default function KycScreen() {
  const { t } = useTranslation('kyc');
  const kyc = useKyc();
  return (
    <PageShell title={t('pageTitle')}>
      {kyc.data ? (
        <KycFlow state={kyc.data} />
      ) : kyc.isError ? (
        <Paper variant="outlined">
          <ErrorState error={kyc.error} onRetry={() => void kyc.refetch()} isRetrying={kyc.isFetching} />
        </Paper>
      ) : (
        <Paper variant="outlined">
          <SectionLoading />
        </Paper>
      )}
    </PageShell>
  );
}
