import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminContract from '@portal/contract/admin/admin';
import * as adminMoneyContract from '@portal/contract/admin/money';
import * as adminOfflineDepositsContract from '@portal/contract/admin/offline-deposits';
import * as adminAdjustmentsContract from '@portal/contract/admin/adjustments';
import * as adminUserLedgerContract from '@portal/contract/admin/user-ledger';
import * as adminTetherContract from '@portal/contract/admin/tether';
import * as adminChainContract from '@portal/contract/admin/chain';
import { can, OPERATOR_ROLES, type Permission } from '@portal/contract/admin/roles';
import type { Endpoint } from '@portal/contract/core/endpoint';
import { allEndpoints } from '@portal/contract/endpoints';
import { createTestApp, type TestApp } from '../helpers/app';
import { makeInvestor, makeOperator } from '../helpers/admin';

/** Every endpoint that declares a permission (decision 014): the walk covers new ones by itself. */
const guarded = allEndpoints.filter((e): e is Endpoint & { permission: Permission } => e.permission !== undefined);

/** Calls an endpoint with made-up ids and an empty body: enough to tell a role check from the rest. */
function call(t: TestApp, e: Endpoint, cookie?: string) {
  const url = `/api${e.path.replace(/:[A-Za-z_]+/g, () => randomUUID())}`;
  return t.app.inject({
    method: e.method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(e.method === 'GET' ? {} : { payload: {} }),
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the admin route walk', () => {
  it('covers every endpoint of the admin contract', () => {
    const declared = Object.values(adminContract as Record<string, unknown>).filter(
      (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
    );
    expect(declared.map((e) => e.id).sort()).toEqual(
      [
        'adminMe',
        'adminSearchUsers',
        'adminGetUser',
        'adminAddUserNote',
        'adminFreezeUser',
        'adminUnfreezeUser',
        'adminSetUserRole',
        'adminListKyc',
        'adminGetKycSubmission',
        'adminApproveKyc',
        'adminRejectKyc',
        'adminSearchAudit',
        'adminRecoverOperator',
      ].sort(),
    );
    for (const e of declared) {
      expect(e.permission, e.id).toBeDefined();
      expect(guarded).toContain(e);
    }
  });

  it('covers the money desk: withdrawals and offline deposits', () => {
    const declared = [adminMoneyContract, adminOfflineDepositsContract].flatMap((m) =>
      Object.values(m as Record<string, unknown>).filter(
        (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
      ),
    );
    expect(declared.map((e) => e.id)).toEqual(
      expect.arrayContaining([
        'adminListOfflineDeposits',
        'adminGetOfflineDeposit',
        'adminApproveOfflineDeposit',
        'adminRejectOfflineDeposit',
      ]),
    );
    for (const e of declared) {
      expect(e.permission, e.id).toMatch(/^money\./);
      expect(guarded).toContain(e);
    }
  });

  it('covers manual adjustments (money.adjust to propose and decide) and the journals view', () => {
    const declared = [adminAdjustmentsContract, adminUserLedgerContract].flatMap((m) =>
      Object.values(m as Record<string, unknown>).filter(
        (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
      ),
    );
    expect(Object.fromEntries(declared.map((e) => [e.id, e.permission]))).toEqual({
      adminProposeAdjustment: 'money.adjust',
      adminApproveAdjustment: 'money.adjust',
      adminRejectAdjustment: 'money.adjust',
      adminListAdjustments: 'money.read',
      adminListUserJournals: 'money.read',
    });
    for (const e of declared) expect(guarded).toContain(e);
  });

  it('covers the tether desk (tether.read to read, tether.manage to propose settings and pause)', () => {
    const declared = Object.values(adminTetherContract as Record<string, unknown>).filter(
      (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
    );
    expect(Object.fromEntries(declared.map((e) => [e.id, e.permission]))).toEqual({
      adminGetTetherDesk: 'tether.read',
      adminListTetherTrades: 'tether.read',
      adminProposeTetherSettings: 'tether.manage',
      adminPauseTetherTrading: 'tether.manage',
      adminResumeTetherTrading: 'tether.manage',
    });
    for (const e of declared) expect(guarded).toContain(e);
  });

  it('covers the chain desk (tether.read to read, money.review to review, tether.manage to switch and propose)', () => {
    const declared = Object.values(adminChainContract as Record<string, unknown>).filter(
      (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
    );
    expect(Object.fromEntries(declared.map((e) => [e.id, e.permission]))).toEqual({
      adminGetChainDesk: 'tether.read',
      adminListTetherDeposits: 'tether.read',
      adminListTetherWithdrawals: 'tether.read',
      adminGetTetherWithdrawal: 'tether.read',
      adminGetChainReconciliation: 'tether.read',
      adminApproveTetherWithdrawal: 'money.review',
      adminRejectTetherWithdrawal: 'money.review',
      adminProposeChainSettings: 'tether.manage',
      adminSetChainNetworkSwitch: 'tether.manage',
    });
    for (const e of declared) expect(guarded).toContain(e);
  });

  it('without a session: 401 everywhere', async () => {
    for (const e of guarded) {
      const res = await call(t, e);
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('as an investor: 403 FORBIDDEN everywhere', async () => {
    const { cookie } = await makeInvestor(t);
    for (const e of guarded) {
      const res = await call(t, e, cookie);
      expect([res.statusCode, res.json().code], `${e.method} ${e.path}`).toEqual([403, 'FORBIDDEN']);
    }
  });

  it.each(OPERATOR_ROLES)('as %s: 403 exactly where the role lacks the permission', async (role) => {
    const { cookie } = await makeOperator(t, role);
    for (const e of guarded) {
      const res = await call(t, e, cookie);
      const where = `${role} ${e.method} ${e.path} → ${res.statusCode} ${res.body}`;
      if (can(role, e.permission)) {
        expect([401, 403], where).not.toContain(res.statusCode);
        expect(res.statusCode, where).toBeLessThan(500);
      } else {
        expect([res.statusCode, res.json().code], where).toEqual([403, 'FORBIDDEN']);
      }
    }
  });

  it('as an operator without two-factor: 403 TWO_FACTOR_REQUIRED where the role has the permission', async () => {
    const { cookie } = await makeOperator(t, 'admin', { twoFactor: false });
    for (const e of guarded) {
      const res = await call(t, e, cookie);
      expect([res.statusCode, res.json().code], `${e.method} ${e.path}`).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    }
  });
});
