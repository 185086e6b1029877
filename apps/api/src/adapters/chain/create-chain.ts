import { chainFamily, type TetherNetworkKey } from '@portal/contract/tether/networks';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { DepositAddresses } from '../../modules/chain/addresses';
import { createCustody } from '../custody/create-custody';
import type { CustodyPort } from '../custody/custody.port';
import type { ChainReaderPort } from './chain.port';
import { createEvmRpcReader } from './evm-rpc-reader';
import { createSandboxChain, type SandboxChain } from './sandbox-chain';
import { createTronHttpReader } from './tron-http-reader';

/**
 * Everything tether on chain needs from outside (issue 18, decision 040), built once by the app
 * (`app.chain`): a reader per network, the signer, the deposit keys, and the sandbox chain when
 * `CHAIN_MODE=sandbox`.
 */
export interface ChainContext {
  readers: ReadonlyMap<TetherNetworkKey, ChainReaderPort>;
  custody: CustodyPort;
  /** The embedded mode's chain (null when live): the miner and the dev routes drive it. */
  sandbox: SandboxChain | null;
  /** Deposit addresses of each chain family, from the configured account xpubs. */
  addresses: { tron: DepositAddresses; evm: DepositAddresses };
  /** The sandbox chain and signer are in use: pages say nothing on it is real tether. */
  sandboxMode: boolean;
}

type ChainEnv = Pick<
  Env,
  | 'CHAIN_MODE'
  | 'DEPOSIT_XPUB_TRON'
  | 'DEPOSIT_XPUB_EVM'
  | 'TRON_FULLNODE_URL'
  | 'TRONGRID_URL'
  | 'TRONGRID_API_KEY'
  | 'ETH_RPC_URL'
  | 'BSC_RPC_URL'
  | 'CUSTODY_URL'
  | 'CUSTODY_KEY_ID'
  | 'CUSTODY_SECRET'
>;

/** The networks' nodes when live (their URLs are required then, env.ts). */
export function createLiveReaders(env: ChainEnv): Map<TetherNetworkKey, ChainReaderPort> {
  return new Map<TetherNetworkKey, ChainReaderPort>([
    [
      'TRC20',
      createTronHttpReader({
        fullNodeUrl: env.TRON_FULLNODE_URL ?? '',
        ...(env.TRONGRID_URL ? { tronGridUrl: env.TRONGRID_URL } : {}),
        ...(env.TRONGRID_API_KEY ? { apiKey: env.TRONGRID_API_KEY } : {}),
      }),
    ],
    ['ERC20', createEvmRpcReader({ network: 'ERC20', url: env.ETH_RPC_URL ?? '' })],
    ['BEP20', createEvmRpcReader({ network: 'BEP20', url: env.BSC_RPC_URL ?? '' })],
  ]);
}

/**
 * The chain context `CHAIN_MODE` selects. Tests hand in readers (a local node's) and a signer of their
 * own; a network without a reader given keeps the mode's (the sandbox's, or the live node's).
 */
export function createChainContext(
  env: ChainEnv,
  db: Db,
  overrides: { readers?: ReadonlyMap<TetherNetworkKey, ChainReaderPort>; custody?: CustodyPort } = {},
): ChainContext {
  const sandbox = env.CHAIN_MODE === 'sandbox' ? createSandboxChain(db) : null;
  const readers = new Map(sandbox ? sandbox.readers : createLiveReaders(env));
  for (const [network, reader] of overrides.readers ?? []) readers.set(network, reader);
  return {
    readers,
    custody: overrides.custody ?? createCustody(env, db, sandbox),
    sandbox,
    addresses: {
      tron: new DepositAddresses('tron', env.DEPOSIT_XPUB_TRON),
      evm: new DepositAddresses('evm', env.DEPOSIT_XPUB_EVM),
    },
    sandboxMode: sandbox !== null,
  };
}

/** The deposit address of a user's index on a network (ERC20 and BEP20 share the EVM one). */
export function depositAddressOf(chain: Pick<ChainContext, 'addresses'>, network: TetherNetworkKey, index: number) {
  return chain.addresses[chainFamily(network)].address(index);
}
