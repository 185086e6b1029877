/**
 * The consultation request of a fund's page (SPEC §2, §3; issue 6): its own module so that a page
 * importing the catalogue does not load the phone-number rules (libphonenumber) until the form is used.
 */
import { z } from 'zod';
import { TEHRAN_OFFSET_MS } from '../core/bank-calendar';
import { defineEndpoint } from '../core/endpoint';
import { mobileInputSchema } from '../core/validation';
import { consultationViewSchema, fundIdParams } from './catalogue';
import { CONSULTATION_DAYS, CONSULTATION_PERIOD_HOURS, CONSULTATION_PERIODS, type ConsultationPeriod } from './funds';

/** The Tehran wall-clock hour (0–23) at `now`. */
export function tehranHour(now: Date): number {
  return new Date(now.getTime() + TEHRAN_OFFSET_MS).getUTCHours();
}

/** Whether a call period of `day` can no longer be asked for at `now`: Today's once its end hour has come. */
export function isConsultationPeriodOver(
  day: (typeof CONSULTATION_DAYS)[number],
  period: ConsultationPeriod,
  now: Date,
): boolean {
  return day === 'Today' && tehranHour(now) >= CONSULTATION_PERIOD_HOURS[period][1];
}

/** The periods still open for `day` at `now` (the form offers these). */
export function openConsultationPeriods(day: (typeof CONSULTATION_DAYS)[number], now: Date): ConsultationPeriod[] {
  return CONSULTATION_PERIODS.filter((p) => !isConsultationPeriodOver(day, p, now));
}

export const requestConsultationBody = z.object({
  day: z.enum(CONSULTATION_DAYS, { message: 'select' }),
  period: z.enum(CONSULTATION_PERIODS, { message: 'select' }),
  /** Any Iranian mobile as typed (Persian digits, `09…`, `+98…`), normalised to E.164; rule `mobile`. */
  phone: mobileInputSchema(),
});
export type RequestConsultationBody = z.input<typeof requestConsultationBody>;

/**
 * SPEC §2 "consultation request (date, time slot, phone)": lands in the operators' queue. A period of
 * Today that is over is refused (`CONSULTATION_PERIOD_OVER`, Tehran time); one open request per user,
 * fund and date (`CONSULTATION_ALREADY_REQUESTED`).
 */
export const requestConsultation = defineEndpoint({
  id: 'requestConsultation',
  method: 'POST',
  path: '/funds/:fundId/consultations',
  summary: 'Ask for a consultation call about a fund (Today or Tomorrow, a time period, a phone)',
  tags: ['funds'],
  auth: 'session',
  params: fundIdParams,
  body: requestConsultationBody,
  response: consultationViewSchema,
  successStatus: 201,
  errors: [
    'UNAUTHENTICATED',
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'CONSULTATION_PERIOD_OVER',
    'CONSULTATION_ALREADY_REQUESTED',
  ],
});
