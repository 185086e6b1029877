import { z } from 'zod';
import type { FundHolding, RedemptionBody } from '@portal/contract/funds/orders';
import { redemptionBody, unitsInputSchema } from '@portal/contract/funds/orders';
import { belowRedeemMinimum, parseUnits } from '@portal/contract/funds/pricing';
import { canonicalDecimal, compareDecimal } from './amount-input';

/** What the redemption form holds: a unit count as typed, and whether it is "the free units only". */
export interface RedeemInput {
  units: string;
  /** Chosen by "redeem free shares only": every free unit, and no others (cleared when the count is edited). */
  freeOnly: boolean;
}

type Terms = Pick<FundHolding, 'units' | 'freeUnits' | 'minRedeemUnits'>;

/**
 * What the count breaks, as a rule key (`validation.<rule>`), or null: a number of at most four decimals
 * (the contract's `unitsInputSchema`), more than zero, no more than the units held available
 * (`unitsOverHolding`: units promised to a waiting redemption are not), at least the fund's minimum unless
 * it is every unit available (the server's rule, `belowRedeemMinimum`: a holding under the minimum can be
 * redeemed whole); "free only" needs free units.
 */
export function redeemRule(input: RedeemInput, holding: Terms): string | null {
  if (input.freeOnly && compareDecimal(holding.freeUnits, '0') <= 0) return 'noFreeUnits';
  const units = canonicalDecimal(input.units);
  if (units === '') return input.freeOnly ? null : 'required';
  const parsed = unitsInputSchema.safeParse(units);
  if (!parsed.success) return parsed.error.issues[0]?.message === 'unitsPositive' ? 'unitsPositive' : 'unitsDecimals';
  if (compareDecimal(units, holding.units) > 0) return 'unitsOverHolding';
  if (belowRedeemMinimum(parseUnits(parsed.data), parseUnits(holding.units), parseUnits(holding.minRedeemUnits)))
    return 'unitsMin';
  return null;
}

/**
 * The request of a valid input: "free only" chosen and untouched asks for every free unit (the server
 * counts them at the moment it redeems); otherwise the count typed.
 */
export function redemptionBodyOf(input: RedeemInput): RedemptionBody {
  return input.freeOnly ? { freeOnly: true } : { units: canonicalDecimal(input.units) };
}

/**
 * The redemption form's schema: the contract's request fields (a count as typed, "free only"), checked by
 * `redeemRule` against the holding; the rule key is the count's message.
 */
export function redeemFormSchema(holding: Terms) {
  return z.object({ units: z.string(), freeOnly: redemptionBody.shape.freeOnly.unwrap() }).superRefine((input, ctx) => {
    const rule = redeemRule(input, holding);
    if (rule) ctx.addIssue({ code: 'custom', path: ['units'], message: rule });
  });
}
