import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { SandboxChain } from '../chain/sandbox-chain';
import type { CustodyPort } from './custody.port';
import { createHttpCustody } from './http-custody';
import { createSandboxCustody } from './sandbox-custody';

/**
 * The signer `CHAIN_MODE` selects (decision 040): the custody service over HTTP when live (its settings are
 * required then, env.ts), the sandbox signer on the sandbox chain otherwise (production refuses it).
 */
export function createCustody(
  env: Pick<Env, 'CHAIN_MODE' | 'CUSTODY_URL' | 'CUSTODY_KEY_ID' | 'CUSTODY_SECRET'>,
  db: Db,
  sandbox: SandboxChain | null,
): CustodyPort {
  if (env.CHAIN_MODE === 'live') {
    return createHttpCustody({
      baseUrl: env.CUSTODY_URL ?? '',
      keyId: env.CUSTODY_KEY_ID ?? '',
      secret: env.CUSTODY_SECRET ?? '',
    });
  }
  if (!sandbox) throw new Error('the sandbox signer needs the sandbox chain');
  return createSandboxCustody(db, sandbox);
}
