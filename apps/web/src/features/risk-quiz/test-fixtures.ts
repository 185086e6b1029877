import i18next from 'i18next';
import type { RiskQuiz, RiskResult } from '@portal/contract/baskets/risk-quiz';
import ar from '@/locales/ar/risk.json';
import en from '@/locales/en/risk.json';
import fa from '@/locales/fa/risk.json';

/** The `risk` texts in every language (the test setup bundles the first-load namespaces only). */
export function loadRiskTexts(): void {
  for (const [lng, texts] of [
    ['fa', fa],
    ['ar', ar],
    ['en', en],
  ] as const)
    i18next.addResourceBundle(lng, 'risk', texts, true, true);
}

export const QUIZ_ID = '00000000-0000-4000-8000-00000000a001';
const text = (fa: string, en: string, ar = en) => ({ fa, en, ar });
const qid = (n: number) => `00000000-0000-4000-8000-00000000b00${n}`;
const oid = (q: number, o: number) => `00000000-0000-4000-8000-0000000c0${q}0${o}`;

/** A published quiz of three questions, three options each. */
export function quizFixture(over: Partial<RiskQuiz> = {}): RiskQuiz {
  return {
    id: QUIZ_ID,
    number: 1,
    questions: [
      {
        id: qid(1),
        text: text('افق سرمایه‌گذاری شما چقدر است؟', 'How long will you invest?'),
        options: [
          { id: oid(1, 1), text: text('کمتر از یک سال', 'Less than a year') },
          { id: oid(1, 2), text: text('یک تا پنج سال', 'One to five years') },
          { id: oid(1, 3), text: text('بیش از پنج سال', 'More than five years') },
        ],
      },
      {
        id: qid(2),
        text: text('اگر ارزش سرمایه‌تان ۳۰٪ کم شود چه می‌کنید؟', 'If your investment fell 30%, what would you do?'),
        options: [
          { id: oid(2, 1), text: text('همه را می‌فروشم', 'Sell everything') },
          { id: oid(2, 2), text: text('نگه می‌دارم', 'Hold') },
          { id: oid(2, 3), text: text('بیشتر می‌خرم', 'Buy more') },
        ],
      },
      {
        id: qid(3),
        text: text('تجربهٔ شما در سرمایه‌گذاری چیست؟', 'What is your investing experience?'),
        options: [
          { id: oid(3, 1), text: text('تجربه‌ای ندارم', 'None') },
          { id: oid(3, 2), text: text('صندوق و سهام', 'Funds and shares') },
          { id: oid(3, 3), text: text('رمزارز', 'Cryptocurrencies') },
        ],
      },
    ],
    ...over,
  };
}

export const optionId = oid;
export const questionId = qid;

export function resultFixture(over: Partial<RiskResult> = {}): RiskResult {
  return {
    id: '5b0c1d2e-3f40-4a51-8b62-7c8d9e0f1a2b',
    versionId: QUIZ_ID,
    versionNumber: 1,
    riskNumber: 42,
    band: 60,
    persona: 'high',
    takenAt: '2025-05-01T08:00:00.000Z',
    ...over,
  };
}
