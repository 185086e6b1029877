/**
 * The payment gateway (SPEC §2 "Deposit" by bank gateway; issue 5, decision 016): request → redirect the
 * payer → the gateway calls back → verify on the server. Amounts are in rials (what Iranian gateways
 * take); the caller converts from toman. Implementations: Zarinpal (v4 REST) and the built-in sandbox of
 * the embedded mode, which behaves the same way.
 */
/**
 * How long a payer has at the gateway to pay a payment once it is requested. After it the sandbox refuses
 * to take the payment (as a real gateway expires its payment page), and the reconciliation job asks the
 * gateway about a payment whose payer never came back (decision 026). Well inside the half hour after
 * which Iranian gateways hand an unverified payment back to the payer.
 */
export const PAYER_WINDOW_MS = 15 * 60_000;

export interface PaymentRequest {
  /** Rials, positive. */
  amountRial: bigint;
  /** Where the gateway sends the payer back (`?Authority=…&Status=OK|NOK`). */
  callbackUrl: string;
  description: string;
  mobile?: string;
  /** The payer's card, when the user chose one: gateways restrict the payment to it. */
  cardPan?: string;
}

export interface PaymentRequested {
  /** The gateway's id of this payment. */
  authority: string;
  /** Where to send the payer's browser. */
  redirectUrl: string;
}

export type PaymentVerification =
  /** Paid, now confirmed by this call (or confirmed before: `alreadyVerified`). */
  | { status: 'paid'; referenceId: string; cardPan: string | null; alreadyVerified: boolean }
  /** Not paid (cancelled, failed, expired). */
  | { status: 'failed'; reason: string };

export interface PaymentPort {
  readonly name: string;
  request(input: PaymentRequest): Promise<PaymentRequested>;
  /** Where the payer goes to pay a payment already requested (a retried start sends them there again). */
  redirectUrl(authority: string): string;
  verify(input: { authority: string; amountRial: bigint }): Promise<PaymentVerification>;
}

/** The gateway did not answer, or answered in a way that says nothing about the payment. */
export class PaymentGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}
