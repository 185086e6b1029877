import { paths } from '@/config/paths';

/**
 * The risk quiz's test page (the risk-quiz feature's `/risk-quiz/calc`), coming back to `returnTo` once the
 * result is in: the order form's risk then defaults to the new result's band.
 */
export function quizHref(returnTo: string): string {
  return paths.riskQuizCalc.getHref(returnTo);
}
