import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Decision } from '../shell/decision-dialog';
import { DecisionButtons } from '../shell/decision-dialog';

export interface MoneyDecisionTexts<T> {
  /** What approving does, in the approve dialog. */
  approveText: ReactNode;
  /** The translation key prefix of the request's reject reasons (`withdrawals.reasons`). */
  reasonsKey: string;
  /** The notices after a decision (full keys); the approval's by the answer (a first of two approvals). */
  approvedNotice: string | ((result: T) => string);
  rejectedNotice: string;
}

/**
 * Approve (after a confirmation) or reject (with a reason the investor reads and an optional internal
 * comment) a pending withdrawal or offline deposit (`money.review`). The reject form is the
 * endpoint's own body schema. When another operator decided first (`REQUEST_ALREADY_REVIEWED`) the
 * dialog closes and `onAlreadyReviewed` says so; the mutation has already refreshed the page.
 */
export function MoneyDecisionButtons<R extends string, T>({
  texts,
  ...props
}: {
  idPrefix: string;
  reasons: readonly R[];
  /** The endpoint's body schema (its input and output have the same shape). */
  rejectSchema: z.ZodType<{ reason: R; comment?: string | undefined }, { reason: R; comment?: string | undefined }>;
  decide: UseMutationResult<T, Error, Decision<R>>;
  texts: MoneyDecisionTexts<T>;
  /** Why this operator may not approve (the id of the text saying so): they gave the first approval. */
  approveBlockedBy?: string | undefined;
  onDecided: (result: T, decision: Decision<R>) => void;
  onAlreadyReviewed: () => void;
}) {
  return (
    <DecisionButtons
      {...props}
      alreadyReviewedCode="REQUEST_ALREADY_REVIEWED"
      texts={{ ...texts, labelsKey: 'money.decision' }}
    />
  );
}
