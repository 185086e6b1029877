import { Suspense, useEffect, useState } from 'react';
import { KYC_NS } from '@/lib/i18n';
import { dismissKycRequired, useKycRequired, type KycLevel } from '@/lib/kyc-required';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const KycRequiredDialog = lazyWithTexts([KYC_NS], () => import('./kyc-required-dialog'));

/**
 * Mounted once in the signed-in layout: opens the forced-KYC dialog whenever a call is refused with
 * `KYC_REQUIRED`. The dialog and the `kyc` texts load the first time it is needed.
 */
export function KycRequiredHost() {
  const level = useKycRequired();
  // The last level stays while the dialog closes, so it fades out with its text.
  const [shown, setShown] = useState<KycLevel | null>(null);
  // Leaving the signed-in pages (logout) forgets a refusal nobody answered.
  useEffect(() => dismissKycRequired, []);
  if (level !== null && level !== shown) setShown(level);
  if (shown === null) return null;
  return (
    <Suspense fallback={null}>
      <KycRequiredDialog level={shown} open={level !== null} onClose={dismissKycRequired} />
    </Suspense>
  );
}
