import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { FundDetail } from '@portal/contract/funds/catalogue';
import type { FundHolding } from '@portal/contract/funds/orders';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';
import { AllocationSection } from './allocation-section';
import { EarlyExitSection } from './early-exit-section';
import { FeesSection } from './fees-section';
import { IncomeEstimateSection } from './income-estimate-section';
import { DocumentsSection, LicencesSection } from './licences-documents';
import { RiskSection } from './risk-section';

/**
 * The consultation form sits at the foot of the main tab; it is its own chunk (the form library, the
 * contract's phone rules) fetched after the page's first paint, or, when the server rendered the page,
 * once the form comes near the viewport.
 */
const ConsultationSection = lazyNearViewport('fund-consultation-title', () =>
  import('./consultation-section').then((m) => ({ default: m.ConsultationSection })),
);

const twoColumns = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
};

/**
 * The main tab below the share value chart: everything else an investor weighs before buying, top to
 * bottom. A chunk of its own (see `fund-screen.tsx`).
 */
export interface MainTabProps {
  fund: FundDetail;
  holding: UseQueryResult<FundHolding | null>;
  /** The `investingAmount` query: the income estimate's opening amount. */
  investingAmount: string | null;
}

export default function MainTabDetails({ fund, holding, investingAmount }: MainTabProps) {
  return (
    <>
      <Box sx={twoColumns}>
        <AllocationSection fund={fund} />
        <RiskSection risk={fund.risk} />
      </Box>
      <FeesSection fund={fund} />
      <EarlyExitSection fund={fund} holding={holding} />
      <IncomeEstimateSection fund={fund} initialAmount={investingAmount} />
      <Box sx={twoColumns}>
        <LicencesSection fund={fund} />
        <DocumentsSection fund={fund} />
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={420} />}>
        <ConsultationSection fund={fund} />
      </Suspense>
    </>
  );
}
