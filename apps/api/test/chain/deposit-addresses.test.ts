import { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress } from '@portal/contract/tether/chain';
import { isValidAddress } from '@portal/contract/tether/networks';
import { queryRows } from '../../src/db/client';
import { chainAccounts, chainNetworks, depositAddresses, users } from '../../src/db/schema';
import { DEMO_DEPOSIT_XPUBS, parseEnv } from '../../src/env';
import { DepositAddresses } from '../../src/modules/chain/addresses';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeInvestor, makeLevelOneInvestor, type TestUser } from '../helpers/admin';

/**
 * Issue 18: a user's deposit address per network, created on the first request from the configured xpubs
 * (the sandbox's demo keys here), the same one after; ERC20 and BEP20 share the EVM address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const create = (u: TestUser, network: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/tether/deposit-addresses',
    headers: { cookie: u.cookie },
    payload: { network },
  });
const list = async (u: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/wallet/tether/deposit-addresses', headers: { cookie: u.cookie } })
  ).json<{ items: DepositAddress[] }>().items;
const indexOf = async (userId: string) =>
  (await t.database.db.select().from(chainAccounts).where(eq(chainAccounts.userId, userId)))[0]?.addressIndex;
const rowsOf = (userId: string) =>
  t.database.db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
const auditCount = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'tether.address.created' AND subject_id = ${userId}`,
    )
  )[0]!.n;

describe('deposit addresses', () => {
  it('one per user and network: created on the first request (201), the same one after (200)', async () => {
    const u = await makeLevelOneInvestor(t);
    const first = await create(u, 'TRC20');
    expect(first.statusCode, first.body).toBe(201);
    const address = first.json<DepositAddress>();
    expect(address.network).toBe('TRC20');
    expect(isValidAddress('TRC20', address.address)).toBe(true);
    const again = await create(u, 'TRC20');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(address);
    expect(await list(u)).toEqual([address]);
    expect(await rowsOf(u.userId)).toHaveLength(1);
    expect(await auditCount(u.userId)).toBe(1);
  });

  it('derives from the configured xpubs at the user index: one EVM address on ERC20 and BEP20, TRON its own', async () => {
    const u = await makeLevelOneInvestor(t);
    const trc = (await create(u, 'TRC20')).json<DepositAddress>();
    const erc = (await create(u, 'ERC20')).json<DepositAddress>();
    const bep = (await create(u, 'BEP20')).json<DepositAddress>();
    const index = await indexOf(u.userId);
    expect(index).toBeTypeOf('number');
    expect(trc.address).toBe(new DepositAddresses('tron', DEMO_DEPOSIT_XPUBS.tron).address(index!));
    expect(erc.address).toBe(new DepositAddresses('evm', DEMO_DEPOSIT_XPUBS.evm).address(index!));
    expect(bep.address).toBe(erc.address);
    // EIP-55: the checksummed form, as the chain readers write addresses.
    expect(erc.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(erc.address).not.toBe(erc.address.toLowerCase());
    expect((await list(u)).map((a) => a.network)).toEqual(['BEP20', 'ERC20', 'TRC20']);
    expect(await auditCount(u.userId)).toBe(3);

    const other = await makeLevelOneInvestor(t);
    const theirs = (await create(other, 'ERC20')).json<DepositAddress>();
    expect(await indexOf(other.userId)).not.toBe(index);
    expect(theirs.address).not.toBe(erc.address);
    expect((await list(other)).map((a) => a.address)).toEqual([theirs.address]);
  });

  it('two first requests at once give one index and one address, answered to both', async () => {
    const u = await makeLevelOneInvestor(t);
    const answers = await Promise.all([create(u, 'ERC20'), create(u, 'ERC20'), create(u, 'BEP20'), create(u, 'ERC20')]);
    expect(answers.map((a) => a.statusCode).filter((s) => s === 201)).toHaveLength(2);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json<DepositAddress>().address)).size).toBe(1);
    expect(await rowsOf(u.userId)).toHaveLength(2);
    expect(await t.database.db.select().from(chainAccounts).where(eq(chainAccounts.userId, u.userId))).toHaveLength(1);
    expect(await auditCount(u.userId)).toBe(2);
  });

  it('refuses a user below level one, a frozen user, a network closed for deposits, and writes nothing', async () => {
    const newcomer = await makeInvestor(t);
    const below = await create(newcomer, 'TRC20');
    expect(below.statusCode).toBe(403);
    expect(below.json()).toMatchObject({ code: 'KYC_REQUIRED', details: { requiredLevel: 1 } });

    const frozen = await makeLevelOneInvestor(t, { frozenAt: new Date() });
    const refused = await create(frozen, 'TRC20');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_FROZEN');

    const u = await makeLevelOneInvestor(t);
    await t.database.db
      .update(chainNetworks)
      .set({ depositEnabled: false, depositDisabledReason: 'maintenance' })
      .where(eq(chainNetworks.network, 'BEP20'));
    try {
      const closed = await create(u, 'BEP20');
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('TETHER_NETWORK_DISABLED');
      // The other networks stay open.
      expect((await create(u, 'ERC20')).statusCode).toBe(201);
    } finally {
      await t.database.db
        .update(chainNetworks)
        .set({ depositEnabled: true, depositDisabledReason: null })
        .where(eq(chainNetworks.network, 'BEP20'));
    }
    for (const who of [newcomer, frozen]) {
      expect(await rowsOf(who.userId)).toHaveLength(0);
      expect(await indexOf(who.userId)).toBeUndefined();
      expect(await auditCount(who.userId)).toBe(0);
    }
    expect((await rowsOf(u.userId)).map((r) => r.network)).toEqual(['ERC20']);
  });

  it('refuses a network that is not one, and a visitor', async () => {
    const u = await makeLevelOneInvestor(t);
    const bad = await create(u, 'BTC');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/tether/deposit-addresses',
      payload: { network: 'TRC20' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('a user the operators froze after the address was made keeps it listed, and gets no new one', async () => {
    const u = await makeLevelOneInvestor(t);
    const made = (await create(u, 'TRC20')).json<DepositAddress>();
    await t.database.db.update(users).set({ frozenAt: new Date() }).where(eq(users.id, u.userId));
    expect((await create(u, 'ERC20')).json().code).toBe('ACCOUNT_FROZEN');
    expect(await list(u)).toEqual([made]);
  });
});

describe('the deposit keys of the configuration', () => {
  it('the sandbox demo keys are the documented ones: m/44h/195h/0h and m/44h/60h/0h of the public demo seed', () => {
    const root = HDKey.fromMasterSeed(sha256(utf8ToBytes('portal sandbox chain demo seed')));
    expect(root.derive("m/44'/195'/0'").publicExtendedKey).toBe(DEMO_DEPOSIT_XPUBS.tron);
    expect(root.derive("m/44'/60'/0'").publicExtendedKey).toBe(DEMO_DEPOSIT_XPUBS.evm);
    const env = parseEnv({ NODE_ENV: 'test' });
    expect(env).toMatchObject({
      CHAIN_MODE: 'sandbox',
      DEPOSIT_XPUB_TRON: DEMO_DEPOSIT_XPUBS.tron,
      DEPOSIT_XPUB_EVM: DEMO_DEPOSIT_XPUBS.evm,
      CHAIN_POLL_MS: 5000,
      CHAIN_SCAN_BATCH: 2000,
      SANDBOX_BLOCK_MS: 3000,
    });
  });

  it('live mode needs the keys, the nodes and the custody service; a private or wrong-depth key is refused', () => {
    const refusal = (vars: Record<string, string>) => {
      try {
        parseEnv({ NODE_ENV: 'test', ...vars });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const live = refusal({ CHAIN_MODE: 'live' });
    for (const name of [
      'DEPOSIT_XPUB_TRON',
      'DEPOSIT_XPUB_EVM',
      'TRON_FULLNODE_URL',
      'ETH_RPC_URL',
      'BSC_RPC_URL',
      'CUSTODY_URL',
      'CUSTODY_KEY_ID',
      'CUSTODY_SECRET',
    ]) {
      expect(live, name).toContain(`${name}: required with CHAIN_MODE=live`);
    }
    const root = HDKey.fromMasterSeed(sha256(utf8ToBytes('portal sandbox chain demo seed')));
    expect(refusal({ DEPOSIT_XPUB_TRON: root.derive("m/44'/195'/0'").privateExtendedKey })).toMatch(
      /DEPOSIT_XPUB_TRON: the deposit key is a private key/,
    );
    expect(refusal({ DEPOSIT_XPUB_EVM: root.publicExtendedKey })).toMatch(/DEPOSIT_XPUB_EVM: .*account-level key/);
    expect(refusal({ DEPOSIT_XPUB_EVM: 'not-a-key' })).toMatch(/DEPOSIT_XPUB_EVM: the deposit key is not an extended/);
  });
});
