/**
 * Reviews of users' money requests (issue 15, decision 028): one operator decides up to the configured
 * amount (the server's `REVIEW_SECOND_OPERATOR_ABOVE_IRT`), two different operators above it. The first
 * approval of a large request is recorded and leaves it pending; the second, by another operator, decides
 * it (`SAME_OPERATOR` for the first one). A rejection is one operator's decision at any amount: it moves
 * no money.
 */
import { z } from 'zod';

export const reviewApprovalSchema = z.object({
  operatorId: z.string(),
  mobile: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  at: z.string(),
});
export type ReviewApproval = z.infer<typeof reviewApprovalSchema>;

/** The fields a reviewed request carries in the console. */
export const reviewFields = {
  /** 1 up to the configured amount, 2 above it. */
  approvalsNeeded: z.number().int().min(1).max(2),
  /** The first approval of a request that needs two, while it waits for the second. */
  firstApproval: reviewApprovalSchema.nullable(),
};
