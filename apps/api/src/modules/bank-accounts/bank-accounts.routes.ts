import type { FastifyInstance } from 'fastify';
import { addBankAccount, deleteBankAccount, listBankAccounts } from '@portal/contract/bank/bank-accounts';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import * as bank from './bank-accounts.service';

export type { BankAccountsDeps } from './bank-accounts.service';

/** The investor's bank accounts (SPEC §2 "Bank accounts", decision 017). */
export function bankAccountsRoutes(app: FastifyInstance, deps: bank.BankAccountsDeps): void {
  route(app, listBankAccounts, async ({ request }) => ({
    items: await bank.listBankAccounts(deps.db, sessionOf(request).userId),
  }));
  route(app, addBankAccount, async ({ body, request }) =>
    bank.addBankAccount(deps, { userId: sessionOf(request).userId, body, ip: request.ip }),
  );
  route(app, deleteBankAccount, async ({ params, request }) => {
    await bank.deleteBankAccount(deps, {
      userId: sessionOf(request).userId,
      bankAccountId: params.bankAccountId,
      ip: request.ip,
    });
    return { ok: true as const };
  });
}
