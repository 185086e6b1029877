import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js/mobile';
import { countryCodeSchema } from '@portal/contract/core/validation';
import { loadMobileRules } from './phone';

/**
 * The mobile step's form: the number as typed (09…, +98…, 9…, Persian or Arabic-Indic digits),
 * checked and normalised to E.164 with the contract's `normalizeMobile` for the chosen country.
 * Messages are rule keys (`validation.<rule>`).
 */
export const mobileFormSchema = z
  .object({
    country: countryCodeSchema,
    mobile: z.string(),
  })
  .transform(async (v, ctx) => {
    if (v.mobile.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'required' });
      return z.NEVER;
    }
    const { normalizeMobile } = await loadMobileRules();
    const e164 = normalizeMobile(v.mobile, v.country as CountryCode);
    if (!e164) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'mobile' });
      return z.NEVER;
    }
    return { ...v, e164 };
  });

export type MobileFormInput = z.input<typeof mobileFormSchema>;
export type MobileFormOutput = z.output<typeof mobileFormSchema>;
