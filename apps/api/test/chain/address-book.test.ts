import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MAX, type AddressBook, type AddressBookEntry } from '@portal/contract/tether/chain';
import { toChecksumAddress } from '@portal/contract/tether/networks';
import { tetherAddressBook } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  auditOf,
  codeFor,
  errorOf,
  freshAddress,
  get,
  issuesOf,
  portalDepositAddress,
  postTetherWithdrawal,
  snapshot,
  tetherUser,
  usdt,
  withdrawTether,
  type TetherUser,
} from './withdrawal-helpers';

/**
 * The address book and whitelist mode (issue 18, decision 040): saved addresses with labels, canonical for
 * their network, never a portal deposit address, once each, at most 50; in whitelist mode a withdrawal goes
 * only to a saved address, and a new one only 24 hours after it was saved (the clock is the app's, moved by
 * the test). Turning the mode off takes the confirming code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const book = (u: TetherUser) =>
  t.app.inject({ method: 'GET', url: '/api/wallet/tether/address-book', headers: { cookie: u.cookie } });
const save = (u: TetherUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/tether/address-book',
    headers: { cookie: u.cookie },
    remoteAddress: u.ip,
    payload,
  });
const remove = (u: TetherUser, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/wallet/tether/address-book/${id}`, headers: { cookie: u.cookie } });
const whitelist = (u: TetherUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/wallet/tether/address-book/whitelist',
    headers: { cookie: u.cookie },
    remoteAddress: u.ip,
    payload,
  });

describe('the address book', () => {
  it('saves an address in its canonical form with a label, usable in whitelist mode a day later', async () => {
    const u = await tetherUser(t, 0n);
    const evm = freshAddress('ERC20');
    const res = await save(u, { network: 'ERC20', address: ` ${evm.toLowerCase()}\u200f`, label: 'صرافی' });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<AddressBookEntry>();
    expect(entry).toMatchObject({ network: 'ERC20', address: toChecksumAddress(evm), label: 'صرافی' });
    expect(Date.parse(entry.usableAt) - Date.parse(entry.createdAt)).toBe(24 * 3600_000);
    expect(entry.createdAt).toBe(t.clock.now.toISOString());
    expect((await book(u)).json()).toEqual({ whitelist: false, items: [entry] });
    expect(await auditOf(t.database.db, 'tether.address_book.saved', entry.id)).toHaveLength(1);

    // The same address written in another case is the same address.
    expect(
      errorOf(await save(u, { network: 'ERC20', address: evm.toUpperCase().replace('0X', '0x'), label: 'x' })),
    ).toEqual([409, 'ADDRESS_BOOK_DUPLICATE']);
    // …but on another network it is another entry.
    expect((await save(u, { network: 'BEP20', address: evm, label: 'BSC' })).statusCode).toBe(201);
  });

  it('refuses an address of another network, a bad checksum, a missing label, a portal deposit address', async () => {
    const u = await tetherUser(t, 0n);
    let res = await save(u, { network: 'TRC20', address: freshAddress('ERC20'), label: 'x' });
    expect(errorOf(res)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ path: 'body.address', rule: 'addressFormat' })]);
    const tron = freshAddress('TRC20');
    res = await save(u, {
      network: 'TRC20',
      address: tron.slice(0, -1) + (tron.at(-1) === 'a' ? 'b' : 'a'),
      label: 'x',
    });
    expect(issuesOf(res)).toEqual([expect.objectContaining({ rule: 'addressChecksum' })]);
    res = await save(u, { network: 'TRC20', address: tron, label: '' });
    expect(issuesOf(res)).toEqual([expect.objectContaining({ path: 'body.label', rule: 'required' })]);
    res = await save(u, { network: 'TRC20', address: await portalDepositAddress(t), label: 'x' });
    expect(errorOf(res)).toEqual([422, 'ADDRESS_IS_PORTAL_DEPOSIT']);
    expect((await book(u)).json<AddressBook>().items).toEqual([]);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
    const u = await tetherUser(t, 0n);
    await t.database.db.insert(tetherAddressBook).values(
      Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) => ({
        userId: u.userId,
        network: 'TRC20' as const,
        address: freshAddress('TRC20'),
        label: `#${i}`,
        usableAt: t.clock.now,
      })),
    );
    expect(errorOf(await save(u, { network: 'TRC20', address: freshAddress(), label: 'one more' }))).toEqual([
      409,
      'ADDRESS_BOOK_FULL',
    ]);
  });

  it('removes one’s own entries only', async () => {
    const [u, other] = [await tetherUser(t, 0n), await tetherUser(t, 0n)];
    const entry = (
      await save(u, { network: 'TRC20', address: freshAddress(), label: 'mine' })
    ).json<AddressBookEntry>();
    expect(errorOf(await remove(other, entry.id))).toEqual([404, 'NOT_FOUND']);
    expect((await book(u)).json<AddressBook>().items).toHaveLength(1);
    const res = await remove(u, entry.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await book(u)).json<AddressBook>().items).toEqual([]);
    expect(errorOf(await remove(u, entry.id))).toEqual([404, 'NOT_FOUND']);
    expect(errorOf(await remove(u, randomUUID()))).toEqual([404, 'NOT_FOUND']);
    expect(await auditOf(t.database.db, 'tether.address_book.removed', entry.id)).toHaveLength(1);
  });

  it('a withdrawal to a saved address carries its label', async () => {
    const u = await tetherUser(t, usdt(100));
    const address = freshAddress();
    await save(u, { network: 'TRC20', address, label: 'my exchange' });
    const w = await withdrawTether(t, u, { amount: '10', address });
    expect(w.addressLabel).toBe('my exchange');
  });
});

describe('whitelist mode', () => {
  it('allows only saved addresses, each 24 hours after it was saved; off takes the code', async () => {
    const u = await tetherUser(t, usdt(1_000));
    const on = await whitelist(u, { on: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<AddressBook>().whitelist).toBe(true);
    expect(await auditOf(t.database.db, 'tether.whitelist.changed', u.userId)).toHaveLength(1);

    const attempt = async (address: string) =>
      postTetherWithdrawal(t, u, { network: 'TRC20', address, amount: '10', code: await codeFor(t, u) });

    // Not saved: refused, nothing changed.
    const before = await snapshot(t, u.userId);
    const unsaved = await attempt(freshAddress());
    expect(errorOf(unsaved)).toEqual([422, 'ADDRESS_NOT_WHITELISTED']);
    expect(unsaved.json<{ details?: { until?: string } }>().details?.until).toBeUndefined();

    // Saved now: refused until the day has passed, and the answer says until when.
    const address = freshAddress();
    const entry = (await save(u, { network: 'TRC20', address, label: 'new' })).json<AddressBookEntry>();
    const tooSoon = await attempt(address);
    expect(errorOf(tooSoon)).toEqual([422, 'ADDRESS_NOT_WHITELISTED']);
    expect(tooSoon.json<{ details: { until: string } }>().details.until).toBe(entry.usableAt);
    t.clock.advance(23 * 3600);
    expect(errorOf(await attempt(address))).toEqual([422, 'ADDRESS_NOT_WHITELISTED']);
    expect(await snapshot(t, u.userId)).toEqual(before);

    t.clock.advance(3600);
    const ok = await attempt(address);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ address, addressLabel: 'new' });

    // Off: the code is needed, a wrong one leaves it on.
    const noCode = await whitelist(u, { on: false });
    expect(errorOf(noCode)).toEqual([400, 'VALIDATION_FAILED']);
    expect(issuesOf(noCode)).toEqual([expect.objectContaining({ path: 'body.code', rule: 'required' })]);
    const right = await codeFor(t, u);
    const wrong = await whitelist(u, { on: false, code: right === '000000' ? '111111' : '000000' });
    expect(errorOf(wrong)).toEqual([400, 'TOTP_INVALID']);
    expect((await book(u)).json<AddressBook>().whitelist).toBe(true);
    const off = await whitelist(u, { on: false, code: right });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AddressBook>().whitelist).toBe(false);
    expect(await auditOf(t.database.db, 'tether.whitelist.changed', u.userId)).toHaveLength(2);

    // Off: any address of the network again.
    const anywhere = await attempt(freshAddress());
    expect(anywhere.statusCode, anywhere.body).toBe(201);
    // Turning it off again changes nothing and asks for nothing.
    expect((await whitelist(u, { on: false })).statusCode).toBe(200);
  });

  it('a phone-code user turns it off with the phone code', async () => {
    const u = await tetherUser(t, 0n, { phone: true });
    await whitelist(u, { on: true });
    const res = await whitelist(u, { on: false, code: await codeFor(t, u) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AddressBook>().whitelist).toBe(false);
  });

  it('needs a session', async () => {
    const res = await get(t, 'portal_sid=nothing', '/wallet/tether/address-book');
    expect(res.statusCode).toBe(401);
  });
});
