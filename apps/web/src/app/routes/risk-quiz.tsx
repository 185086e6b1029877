import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { RISK_NS } from '@/lib/i18n';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const RiskQuizScreen = lazyWithTexts([RISK_NS], () => import('@/features/risk-quiz/components/risk-quiz-screen'));
const RiskQuizCalcScreen = lazyWithTexts(
  [RISK_NS],
  () => import('@/features/risk-quiz/components/risk-quiz-calc-screen'),
);

/** `/risk-quiz` (issue 20): my risk test results, newest first; its chunk and the `risk` texts load together. */
export function RiskQuizRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RiskQuizScreen />
    </Suspense>
  );
}

/** `/risk-quiz/calc` (issue 20): the test itself, one question per screen, then the result. */
export function RiskQuizCalcRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <RiskQuizCalcScreen />
    </Suspense>
  );
}
