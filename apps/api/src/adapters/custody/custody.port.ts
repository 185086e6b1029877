/**
 * The custody service (issue 18, decision 040): the only holder of the private keys. The portal asks it
 * to send a withdrawal and to report its balances; it never signs anything itself. Implementations: an
 * HTTP signing service (`http-custody.ts`, the protocol of decision 040: HMAC-signed JSON, idempotent by
 * the withdrawal's id) and the embedded mode's sandbox signer (`sandbox-custody.ts`), which sends on the
 * sandbox chain.
 *
 * `send` is idempotent by `requestId`: asking again for the same id answers the same transaction, never a
 * second one. A send whose answer is lost (a timeout) is asked about with `status` until it is known.
 */
import type { TetherNetworkKey } from '@portal/contract/tether/networks';

export interface CustodySendRequest {
  /** The withdrawal's id: the idempotency key of the send. */
  requestId: string;
  network: TetherNetworkKey;
  /** Canonical destination address. */
  to: string;
  /** Raw token units of the network's tether contract. */
  value: bigint;
}

/**
 * What the custody service says of a send: taken and not yet broadcast (`pending`), broadcast with its
 * transaction hash (`sent`), refused or failed for good without anything sent (`failed`), or never heard
 * of (`unknown`: the request did not reach it; asking again is safe).
 */
export type CustodySendStatus =
  | { status: 'pending' }
  | { status: 'sent'; txHash: string }
  | { status: 'failed'; reason: string }
  | { status: 'unknown' };

export interface CustodyBalance {
  network: TetherNetworkKey;
  /** Raw token units the custody service holds on this network. */
  value: bigint;
}

export interface CustodyPort {
  readonly name: string;
  /** The sandbox signer: what it sends exists only on the sandbox chain. */
  readonly sandbox: boolean;
  send(request: CustodySendRequest, signal?: AbortSignal): Promise<CustodySendStatus>;
  status(requestId: string, signal?: AbortSignal): Promise<CustodySendStatus>;
  balances(signal?: AbortSignal): Promise<CustodyBalance[]>;
}

/** The custody service did not answer (a timeout, a refused connection) or answered outside its protocol. */
export class CustodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CustodyError';
  }
}
