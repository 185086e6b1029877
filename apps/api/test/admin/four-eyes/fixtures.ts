/**
 * What the four-eyes walk (`../four-eyes-walk.test.ts`) needs of each console operation: a request an
 * operator may make, and where the rule has them, the same operation on the operator's own account and
 * on what the operator proposed. Each area keeps its fixtures in a `fixtures-<area>.ts` file of this
 * folder exporting `fixtures: FourEyesFixtures` (endpoint id → fixture); the walk loads every such file,
 * and an operation without a fixture fails it.
 */
import type { TestApp } from '../../helpers/app';
import type { TestUser } from '../../helpers/admin';

export type Operator = TestUser & { totpSecret: string };

export interface WalkContext {
  t: TestApp;
  /** A new admin: every permission, two-factor on, no history of their own. */
  admin(): Promise<Operator>;
  /** Makes a signed-in user an admin (their session stays), with whatever they did as an investor. */
  promote(user: TestUser): Promise<Operator>;
  /** Money requests of more than this many toman take two approvals in the walk's app. */
  reviewBound: bigint;
}

export interface WalkRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under `/api`, with the query string if any. */
  url: string;
  payload?: Record<string, unknown>;
}

/** How an operation on the operator's own account is refused. */
export type OwnCode = 'OPERATOR_OWN_ACCOUNT' | 'FUND_HOLDER_OPERATOR';

export interface FourEyesFixture {
  /**
   * A request `op` may make, on a subject that exists: the walk sends it while `op` is frozen (refused)
   * and again once they are not (it must succeed).
   */
  valid(ctx: WalkContext, op: Operator): Promise<WalkRequest>;
  /**
   * The operation about the operator's own account (their user, request, KYC; for a fund's price, a fund
   * they hold). Required for every write whose rule names a subject about users, and for proposals that
   * price a fund. `code`: when the rule alone does not say which refusal it is (an approval of a proposal).
   */
  own?(ctx: WalkContext): Promise<{ op: Operator; request: WalkRequest; code?: OwnCode }>;
  /** `approve` and approving reviews: what `op` proposed (or gave the first of two approvals). */
  byMaker?(ctx: WalkContext): Promise<{ op: Operator; request: WalkRequest }>;
}

export type FourEyesFixtures = Readonly<Record<string, FourEyesFixture>>;

export const get = (url: string): WalkRequest => ({ method: 'GET', url });
export const post = (url: string, payload?: Record<string, unknown>): WalkRequest => ({
  method: 'POST',
  url,
  ...(payload ? { payload } : {}),
});
