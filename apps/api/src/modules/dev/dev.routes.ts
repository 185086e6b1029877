import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeMobile } from '@portal/contract/core/mobile';
import { AppError } from '@portal/contract/core/errors';
import { fromMinor, toMinor } from '@portal/contract/core/money';
import { listDevOutbox, mineSandboxChain, moveDemoMarket, sandboxChainTransfer } from '@portal/contract/system/system';
import { TETHER_NETWORKS, canonicalAddress } from '@portal/contract/tether/networks';
import type { ChainContext } from '../../adapters/chain/create-chain';
import { canonical } from '../../adapters/market/decimal';
import { sandboxMempoolSize, type SandboxChain } from '../../adapters/chain/sandbox-chain';
import type { Db } from '../../db/client';
import { cryptoAssets, devOutbox } from '../../db/schema';
import { route } from '../../plugins/contract';
import { rawOfTetherMinor, tetherMinorOfRaw } from '../chain/deposits.service';
import type { MarketContext } from '../market/market-context';

/**
 * Development only (never registered when NODE_ENV=production): what the outbox SMS and mail adapters
 * "sent" to one number or one address. The contract requires one of them; there is no list of everyone's codes.
 */
export function devRoutes(
  app: FastifyInstance,
  deps: { db: Db; chain: ChainContext; market: MarketContext; now?: () => Date },
) {
  route(app, listDevOutbox, async ({ query }) => {
    const to =
      query.mobile !== undefined ? (normalizeMobile(query.mobile) ?? query.mobile) : query.email?.toLowerCase();
    if (!to) return { items: [] };
    const rows = await deps.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.mobile, to))
      .orderBy(desc(devOutbox.createdAt))
      .limit(query.limit);
    return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  });

  sandboxChainRoutes(app, deps);
  demoMarketRoutes(app, deps);
}

/**
 * The demo market's dev route (issue 20, decision 045): an asset's latest price moved by a factor, which the
 * baskets' valuation and the sandbox exchange use at once; the universe job's next run puts the walk back.
 */
function demoMarketRoutes(app: FastifyInstance, deps: { db: Db; market: MarketContext; now?: () => Date }) {
  route(app, moveDemoMarket, async ({ body }) => {
    if (!deps.market.demo) throw new AppError('NOT_FOUND', 'The market is live (MARKET_DATA_SOURCE=exchanges)');
    const [row] = await deps.db
      .update(cryptoAssets)
      .set({
        lastPrice: sql`round(${cryptoAssets.lastPrice} * ${String(body.factor)}::numeric, 18)`,
        lastPriceAt: (deps.now ?? (() => new Date()))(),
      })
      .where(eq(cryptoAssets.symbol, body.symbol))
      .returning({ price: cryptoAssets.lastPrice, at: cryptoAssets.lastPriceAt });
    if (!row?.price || !row.at) throw new AppError('NOT_FOUND', `No demo price for ${body.symbol}`);
    return {
      symbol: body.symbol,
      price: canonical(row.price),
      at: row.at.toISOString(),
    };
  });
}

/**
 * The sandbox chain's dev routes (issue 18, decision 040): a test transfer to an address, and blocks mined on
 * demand, so a developer or the browser journey sees a deposit arrive and confirm without waiting for the
 * miner. Answered NOT_FOUND when the chains are live (there is no sandbox then).
 */
function sandboxChainRoutes(app: FastifyInstance, deps: { db: Db; chain: ChainContext }) {
  const sandboxOf = (): SandboxChain => {
    if (!deps.chain.sandbox) throw new AppError('NOT_FOUND', 'The chains are live (CHAIN_MODE=live): no sandbox chain');
    return deps.chain.sandbox;
  };

  route(app, sandboxChainTransfer, async ({ body }) => {
    const sandbox = sandboxOf();
    const { network } = body;
    const value =
      body.rawValue !== undefined ? BigInt(body.rawValue) : rawOfTetherMinor(network, toMinor(body.amount!, 'USDT'));
    const token = body.token === 'other' ? sandbox.otherToken(network) : TETHER_NETWORKS[network].tetherContract;
    const from = sandbox.faucet(network);
    const txHash = await sandbox.transfer({ network, to: body.to, value, token, from });
    return {
      network,
      txHash,
      from,
      to: canonicalAddress(network, body.to),
      token: canonicalAddress(network, token),
      rawValue: value.toString(),
      amount: body.token === 'other' ? null : fromMinor(tetherMinorOfRaw(network, value), 'USDT'),
      mempool: await sandboxMempoolSize(deps.db, network),
    };
  });

  route(app, mineSandboxChain, async ({ body }) => {
    const { head, mined } = await sandboxOf().mine(body.network, body.blocks);
    return {
      network: body.network,
      head: { number: head.number.toString(), hash: head.hash },
      mined: mined.map((b) => ({ number: b.number.toString(), hash: b.hash, transfers: b.transfers })),
    };
  });
}
