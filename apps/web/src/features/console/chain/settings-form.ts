import { z } from 'zod';
import {
  chainSettingsIssues,
  proposeChainSettingsBody,
  type ChainSettingsValues,
  type ProposeChainSettingsBody,
} from '@portal/contract/admin/chain';
import { normalizeAmountInput } from '@portal/contract/admin/adjustments';
import { normalizeDigits } from '@portal/contract/core/digits';
import { TETHER_NETWORK_KEYS, type TetherNetworkKey } from '@portal/contract/tether/chain';

/** A network's fields as the operator types them (every one a string: Persian digits and separators accepted). */
export interface NetworkFormValues {
  confirmations: string;
  minDeposit: string;
  withdrawalFee: string;
  minWithdrawal: string;
  maxWithdrawal: string;
}

/**
 * Tether on chain's settings as the form holds them (issue 18): each network's confirmations and tether
 * figures, the daily withdrawal limit and the two review bounds. `toChainSettingsBody` makes the contract's
 * body of it.
 */
export interface ChainSettingsFormValues {
  networks: Record<TetherNetworkKey, NetworkFormValues>;
  dailyWithdrawalLimit: string;
  reviewAbove: string;
  secondReviewAbove: string;
}

export const NETWORK_FIELDS = [
  'confirmations',
  'minDeposit',
  'withdrawalFee',
  'minWithdrawal',
  'maxWithdrawal',
] as const;
export const GLOBAL_FIELDS = ['dailyWithdrawalLimit', 'reviewAbove', 'secondReviewAbove'] as const;

/** The settings in force, as the form starts. */
export function chainSettingsFormValuesOf(s: ChainSettingsValues): ChainSettingsFormValues {
  const networks = Object.fromEntries(
    TETHER_NETWORK_KEYS.map((n) => {
      const v = s.networks[n];
      return [
        n,
        {
          confirmations: String(v.confirmations),
          minDeposit: v.minDeposit,
          withdrawalFee: v.withdrawalFee,
          minWithdrawal: v.minWithdrawal,
          maxWithdrawal: v.maxWithdrawal,
        },
      ];
    }),
  ) as Record<TetherNetworkKey, NetworkFormValues>;
  return {
    networks,
    dailyWithdrawalLimit: s.dailyWithdrawalLimit,
    reviewAbove: s.reviewAbove,
    secondReviewAbove: s.secondReviewAbove,
  };
}

/** Whole blocks as typed, or NaN (the contract then says `integer`). */
const blocksOf = (typed: string) => {
  const s = normalizeDigits(typed).trim();
  return /^\d{1,7}$/.test(s) ? Number(s) : NaN;
};

/** The contract's body of the form (a value that cannot be read is sent as the contract refuses it). */
export function toChainSettingsBody(v: ChainSettingsFormValues): ProposeChainSettingsBody {
  const network = (n: NetworkFormValues) => ({
    confirmations: blocksOf(n.confirmations),
    minDeposit: n.minDeposit,
    withdrawalFee: n.withdrawalFee,
    minWithdrawal: n.minWithdrawal,
    maxWithdrawal: n.maxWithdrawal,
  });
  return {
    networks: { TRC20: network(v.networks.TRC20), ERC20: network(v.networks.ERC20), BEP20: network(v.networks.BEP20) },
    dailyWithdrawalLimit: v.dailyWithdrawalLimit,
    reviewAbove: v.reviewAbove,
    secondReviewAbove: v.secondReviewAbove,
  };
}

/** The form's values with the amounts as the contract reads them (digits, no separators), for the rules between fields. */
function normalized(v: ChainSettingsFormValues): ChainSettingsValues {
  const body = toChainSettingsBody(v);
  const n = (x: ReturnType<typeof toChainSettingsBody>['networks']['TRC20']) => ({
    confirmations: x.confirmations,
    minDeposit: normalizeAmountInput(x.minDeposit),
    withdrawalFee: normalizeAmountInput(x.withdrawalFee),
    minWithdrawal: normalizeAmountInput(x.minWithdrawal),
    maxWithdrawal: normalizeAmountInput(x.maxWithdrawal),
  });
  return {
    networks: { TRC20: n(body.networks.TRC20), ERC20: n(body.networks.ERC20), BEP20: n(body.networks.BEP20) },
    dailyWithdrawalLimit: normalizeAmountInput(v.dailyWithdrawalLimit),
    reviewAbove: normalizeAmountInput(v.reviewAbove),
    secondReviewAbove: normalizeAmountInput(v.secondReviewAbove),
  };
}

/** A body path as the form names it (`body.networks.TRC20.minDeposit` → `networks.TRC20.minDeposit`). */
export const formPathOf = (path: readonly PropertyKey[]): string =>
  path
    .map(String)
    .join('.')
    .replace(/^body\./, '');

/** The rules that compare two fields: shown on their field as soon as they hold, touched or not. */
export const CROSS_FIELD_RULES: readonly string[] = ['minAboveMax', 'secondBelowFirst', 'maxAboveDailyLimit'];

/**
 * The form's rules: a field left empty (`required`), then the contract's (`proposeChainSettingsBody`:
 * confirmations 1–1000, tether with at most six decimals and twelve whole digits), then the rules between
 * fields (`chainSettingsIssues`: a minimum above its maximum, the second review bound below the first, a
 * maximum above the daily limit). One rule a field.
 */
export const chainSettingsFormSchema = z.custom<ChainSettingsFormValues>().superRefine((v, ctx) => {
  const seen = new Set<string>();
  const add = (path: string, rule: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    ctx.addIssue({ code: 'custom', path: path.split('.'), message: rule });
  };
  for (const n of TETHER_NETWORK_KEYS) {
    for (const f of NETWORK_FIELDS) if (v.networks[n][f].trim() === '') add(`networks.${n}.${f}`, 'required');
  }
  for (const f of GLOBAL_FIELDS) if (v[f].trim() === '') add(f, 'required');
  const checked = proposeChainSettingsBody.safeParse(toChainSettingsBody(v));
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      if (!CROSS_FIELD_RULES.includes(issue.message)) add(formPathOf(issue.path), issue.message);
    }
  }
  for (const issue of chainSettingsIssues(normalized(v))) add(formPathOf(issue.path), issue.rule);
});
