import type { FastifyInstance } from 'fastify';
import { fromMinor } from '@portal/contract/core/money';
import { KYC_REQUIREMENT } from '@portal/contract/kyc/kyc';
import { tehranDay } from '@portal/contract/wallet/offline-deposits';
import {
  addAddressBookEntry,
  cancelTetherWithdrawal,
  createTetherWithdrawal,
  deleteAddressBookEntry,
  getAddressBook,
  getTetherWithdrawal,
  listTetherNetworks,
  listTetherWithdrawals,
  setAddressWhitelist,
} from '@portal/contract/tether/chain';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { findUser } from '../users/users.repository';
import * as addressBook from './address-book.service';
import { loadChainSettings, loadNetworks, toNetworkView } from './networks.repository';
import { withdrawnOnDay } from './withdrawals.repository';
import * as withdrawals from './withdrawals.service';

export type ChainWithdrawalsRouteDeps = withdrawals.ChainWithdrawalsDeps & {
  /** The sandbox chain and signer are in use (`CHAIN_MODE=sandbox`): the networks say so. */
  sandboxMode: boolean;
};

/**
 * Tether out (SPEC §2 "Tether withdraw"; issue 18): the networks with their fees and limits, the address
 * book and whitelist mode, and the investor's withdrawals. The confirming code is asked for with the
 * toman withdrawal's `requestWithdrawalCode` (the same purpose, the same checks).
 */
export function chainWithdrawalsRoutes(app: FastifyInstance, deps: ChainWithdrawalsRouteDeps): void {
  const now = () => deps.now?.() ?? new Date();

  route(app, listTetherNetworks, async ({ request }) => {
    const userId = sessionOf(request).userId;
    const [networks, user] = await Promise.all([loadNetworks(deps.db), findUser(deps.db, userId)]);
    const items = [...networks.values()].map((n) => toNetworkView(n, deps.sandboxMode));
    if (!user || user.kycLevel < KYC_REQUIREMENT.withdraw) return { items, allowance: null };
    const [settings, used] = await Promise.all([
      loadChainSettings(deps.db),
      withdrawnOnDay(deps.db, userId, tehranDay(now())),
    ]);
    const limit = settings.dailyWithdrawalLimit;
    return {
      items,
      allowance: {
        dailyLimit: fromMinor(limit, 'USDT'),
        remainingToday: fromMinor(limit > used ? limit - used : 0n, 'USDT'),
      },
    };
  });

  route(app, getAddressBook, async ({ request }) => addressBook.getAddressBook(deps.db, sessionOf(request).userId));
  route(app, addAddressBookEntry, async ({ body, request }) =>
    addressBook.addAddressBookEntry(deps, {
      userId: sessionOf(request).userId,
      network: body.network,
      address: body.address,
      label: body.label,
      ip: request.ip,
    }),
  );
  route(app, deleteAddressBookEntry, async ({ params, request }) =>
    addressBook.removeAddressBookEntry(deps.db, {
      userId: sessionOf(request).userId,
      entryId: params.entryId,
      ip: request.ip,
    }),
  );
  route(app, setAddressWhitelist, async ({ body, request }) =>
    addressBook.setAddressWhitelist(deps, {
      userId: sessionOf(request).userId,
      on: body.on,
      code: body.code,
      ip: request.ip,
    }),
  );

  route(app, createTetherWithdrawal, async ({ body, request, idempotencyKey }) =>
    withdrawals.createTetherWithdrawal(deps, {
      userId: sessionOf(request).userId,
      body,
      idempotencyKey,
      ip: request.ip,
    }),
  );
  route(app, listTetherWithdrawals, async ({ query, request }) =>
    withdrawals.listTetherWithdrawals(deps.db, sessionOf(request).userId, query),
  );
  route(app, getTetherWithdrawal, async ({ params, request }) =>
    withdrawals.getTetherWithdrawal(deps.db, sessionOf(request).userId, params.withdrawalId),
  );
  route(app, cancelTetherWithdrawal, async ({ params, request }) =>
    withdrawals.cancelTetherWithdrawal(deps.db, {
      userId: sessionOf(request).userId,
      withdrawalId: params.withdrawalId,
      ip: request.ip,
      now: now(),
    }),
  );
}
