import { createHash } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TETHER_NETWORKS, evmAddressFromBytes, tronAddressFromBytes } from '@portal/contract/tether/networks';
import { CustodyError, type CustodyPort } from '../../src/adapters/custody/custody.port';
import { createHttpCustody } from '../../src/adapters/custody/http-custody';
import { FakeEvmChain, FakeTronChain, startCustodyDouble, type CustodyDouble } from '../helpers/chain-doubles';

const KEY = 'portal-1';
const SECRET = 'the portal’s shared secret';
const account = (label: string) => hexToBytes(createHash('sha256').update(label).digest('hex').slice(0, 40));
const dest = tronAddressFromBytes(account('an investor’s exchange'));
const evmDest = evmAddressFromBytes(account('an investor’s wallet'));

/** Rejects with a `CustodyError` whose message matches `pattern`. */
async function expectFailure(promise: Promise<unknown>, pattern: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CustodyError);
  expect((err as CustodyError).message).toMatch(pattern);
}

/** The address a fetch is asked for. */
const hrefOf = (url: string | URL | Request) =>
  typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;

/** A fetch that answers `body` with `status` without asking anyone: an answer outside the protocol. */
const answering =
  (status: number, body: string): typeof fetch =>
  () =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));

describe('the HTTP custody adapter against a local custody service', () => {
  let chain: FakeTronChain;
  let service: CustodyDouble;
  let custody: CustodyPort;
  const request = { requestId: 'w-1', network: 'TRC20' as const, to: dest, value: 1_500_000n };
  const posts = () => service.requests.filter((r) => r.method === 'POST');

  beforeEach(async () => {
    chain = new FakeTronChain();
    service = await startCustodyDouble({ keyId: KEY, secret: SECRET, chain });
    custody = createHttpCustody({ baseUrl: `${service.url}/`, keyId: KEY, secret: SECRET, timeoutMs: 1_000 });
  });
  afterEach(async () => {
    await service.close();
  });

  it('sends a withdrawal, signed, and answers the transaction the service put on the chain', async () => {
    expect([custody.name, custody.sandbox]).toEqual(['http-custody', false]);
    const answer = await custody.send(request);
    const [transfer] = chain.transfers();
    expect(answer).toEqual({ status: 'sent', txHash: transfer!.txHash });
    expect(transfer).toMatchObject({
      from: service.hotWallet('TRC20'),
      to: dest,
      token: TETHER_NETWORKS.TRC20.tetherContract,
      value: 1_500_000n,
      blockNumber: null,
    });
    chain.mine();
    expect(chain.transaction(transfer!.txHash)).toMatchObject({ blockNumber: 1, failed: false });
    expect(service.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/withdrawals',
        body: { id: 'w-1', network: 'TRC20', asset: 'USDT', to: dest, amount: '1500000' },
        keyId: KEY,
        status: 201,
        duplicate: false,
      },
    ]);
  });

  it('answers the same transaction for the same id, never a second one, and refuses the id with another body', async () => {
    const first = await custody.send(request);
    expect(await custody.send(request)).toEqual(first);
    expect(posts().map((r) => r.status)).toEqual([201, 200]);
    await expectFailure(
      custody.send({ ...request, value: 1_500_001n }),
      /custody POST \/v1\/withdrawals: answered HTTP 409: conflict withdrawal w-1/,
    );
    await expectFailure(custody.send({ ...request, to: tronAddressFromBytes(account('someone else')) }), /HTTP 409/);
    expect(chain.transfers()).toHaveLength(1);
    expect(service.withdrawals.get('w-1')).toMatchObject({ amount: '1500000', status: 'sent' });
  });

  it('reports a withdrawal as it stands, and one it never took as unknown', async () => {
    service.setAutoSend(false);
    expect(await custody.send(request)).toEqual({ status: 'pending' });
    expect(await custody.status('w-1')).toEqual({ status: 'pending' });
    await service.settle('w-1');
    const [transfer] = chain.transfers();
    expect(await custody.status('w-1')).toEqual({ status: 'sent', txHash: transfer!.txHash });
    expect(await custody.status('w-2')).toEqual({ status: 'unknown' });
    expect(await custody.status('w/with slash')).toEqual({ status: 'unknown' });
    expect(service.requests.map((r) => [r.method, r.path, r.status]).slice(-2)).toEqual([
      ['GET', '/v1/withdrawals/w-2', 404],
      ['GET', '/v1/withdrawals/w%2Fwith%20slash', 404],
    ]);
  });

  it('is refused without the right key, secret, clock, body or path, and nothing is sent', async () => {
    const other = (o: Partial<Parameters<typeof createHttpCustody>[0]>) =>
      createHttpCustody({ baseUrl: service.url, keyId: KEY, secret: SECRET, ...o });
    await expectFailure(other({ secret: 'a guess' }).send(request), /answered HTTP 401: unauthorized bad signature/);
    await expectFailure(other({ keyId: 'portal-2' }).balances(), /HTTP 401: unauthorized unknown key/);
    await expectFailure(
      other({ now: () => Date.now() + 31_000 }).send(request),
      /HTTP 401: unauthorized timestamp 3[01] s off/,
    );
    await expectFailure(
      other({ now: () => Date.now() - 40_000 }).status('w-1'),
      /HTTP 401: unauthorized timestamp 4[01] s off/,
    );
    // The body and the path are signed: changed on the way, the request is refused.
    const tamper =
      (from: string, to: string): typeof fetch =>
      (url, init) =>
        fetch(hrefOf(url).replace(from, to), {
          ...init,
          body: typeof init?.body === 'string' ? init.body.replace(from, to) : init?.body,
        });
    await expectFailure(
      other({ fetch: tamper('"1500000"', '"9500000"') }).send(request),
      /HTTP 401: unauthorized bad signature/,
    );
    await expectFailure(other({ fetch: tamper('/w-1', '/w-2') }).status('w-1'), /HTTP 401: unauthorized bad signature/);
    expect(service.withdrawals.size).toBe(0);
    expect(chain.transfers()).toEqual([]);
    // Within the 30 s the service allows, it is taken.
    expect(await other({ now: () => Date.now() - 25_000 }).send(request)).toMatchObject({ status: 'sent' });
  });

  it('reads the tether balances of the networks it knows, in raw units', async () => {
    service.setBalances([
      { network: 'TRC20', amount: 12_345_678n },
      { network: 'BEP20', amount: '5000000000000000000000' },
      { network: 'TRC20', asset: 'TRX', amount: 99n },
      { network: 'SOL', amount: 3n },
    ]);
    expect(await custody.balances()).toEqual([
      { network: 'TRC20', value: 12_345_678n },
      { network: 'BEP20', value: 5_000_000_000_000_000_000_000n },
    ]);
    service.setBalances([]);
    expect(await custody.balances()).toEqual([]);
    service.setBalances([{ network: 'ERC20', amount: '1.5' }]);
    await expectFailure(custody.balances(), /GET \/v1\/balances: not an amount for ERC20: "1.5"/);
    service.setBalances([
      { network: 'TRC20', amount: 1n },
      { network: 'TRC20', amount: 2n },
    ]);
    await expectFailure(custody.balances(), /two balances for TRC20/);
  });

  it('gives up on a service that does not answer in time; the send it took is then found by status', async () => {
    const quick = createHttpCustody({ baseUrl: service.url, keyId: KEY, secret: SECRET, timeoutMs: 100 });
    await service.setMode('timeout', { delayMs: 1_000 });
    const t0 = performance.now();
    await expectFailure(quick.send(request), /^custody POST \/v1\/withdrawals: no answer within the time limit$/);
    expect(performance.now() - t0).toBeLessThan(280);
    await service.setMode('ok');
    const [transfer] = chain.transfers();
    expect(await quick.status('w-1')).toEqual({ status: 'sent', txHash: transfer!.txHash });
    expect(await quick.send(request)).toEqual({ status: 'sent', txHash: transfer!.txHash });
    expect(chain.transfers()).toHaveLength(1);
  });

  it('makes one transfer when the service gets the send twice, and answers its hash both times', async () => {
    await service.setMode('answer-twice');
    const answer = await custody.send(request);
    expect(posts().map((r) => [r.duplicate, r.status])).toEqual([
      [false, 201],
      [true, 200],
    ]);
    expect(await custody.send(request)).toEqual(answer);
    expect(chain.transfers().map((t) => t.txHash)).toEqual([(answer as { txHash: string }).txHash]);
  });

  it('reads a refusal for good as failed, with its reason, and nothing on the chain', async () => {
    await service.setMode('fail', { reason: 'the address is on a sanctions list' });
    expect(await custody.send(request)).toEqual({ status: 'failed', reason: 'the address is on a sanctions list' });
    await service.setMode('fail', { httpStatus: 422, reason: 'not enough in the hot wallet' });
    expect(await custody.send({ ...request, requestId: 'w-2' })).toEqual({
      status: 'failed',
      reason: 'not enough in the hot wallet',
    });
    await service.setMode('ok');
    expect(await custody.status('w-1')).toEqual({ status: 'failed', reason: 'the address is on a sanctions list' });
    expect(await custody.send(request)).toEqual({ status: 'failed', reason: 'the address is on a sanctions list' });
    expect(chain.transfers()).toEqual([]);
  });

  it('turns a service that is down, unreachable or aborted into a CustodyError', async () => {
    await service.setMode('down');
    await expectFailure(custody.send(request), /HTTP 503: unavailable the custody service is unavailable/);
    await service.setMode('down', { refuse: true });
    await expectFailure(custody.balances(), /custody GET \/v1\/balances: unreachable: fetch failed/);
    await service.setMode('ok');
    const aborted = new AbortController();
    aborted.abort();
    await expectFailure(custody.status('w-1', aborted.signal), /aborted/);
    expect(service.withdrawals.size).toBe(0);
  });

  it('refuses answers outside the protocol', async () => {
    const stub = (status: number, body: string) =>
      createHttpCustody({
        baseUrl: 'http://custody.invalid',
        keyId: KEY,
        secret: SECRET,
        fetch: answering(status, body),
      });
    const sent = (o: object) => JSON.stringify({ id: 'w-1', status: 'sent', txHash: 'ab'.repeat(32), ...o });
    expect(await stub(200, sent({})).send(request)).toEqual({ status: 'sent', txHash: 'ab'.repeat(32) });
    await expectFailure(stub(200, sent({ id: 'w-9' })).send(request), /answered for withdrawal "w-9", not w-1/);
    await expectFailure(stub(200, sent({ txHash: undefined })).status('w-1'), /sent without a transaction hash/);
    await expectFailure(stub(200, sent({ status: 'done' })).status('w-1'), /unknown status "done"/);
    await expectFailure(stub(502, '<html>Bad gateway</html>').send(request), /answered HTTP 502 without JSON/);
    await expectFailure(stub(200, 'not json').balances(), /answered without balances/);
    await expectFailure(
      stub(200, '{"id":"w-1","status":"failed"}').status('w-9'),
      /answered for withdrawal "w-1", not w-9/,
    );
    expect(await stub(200, '{"id":"w-1","status":"failed"}').status('w-1')).toEqual({
      status: 'failed',
      reason: 'no reason given',
    });
  });

  it('sends on an EVM network through a service holding that chain, and refuses another network', async () => {
    const eth = new FakeEvmChain({ network: 'ERC20' });
    const evmService = await startCustodyDouble({ keyId: KEY, secret: SECRET, chain: eth });
    try {
      const client = createHttpCustody({ baseUrl: evmService.url, keyId: KEY, secret: SECRET });
      const answer = await client.send({ requestId: 'w-7', network: 'ERC20', to: evmDest, value: 25_000_000n });
      expect(eth.transfers()).toMatchObject([
        { from: evmService.hotWallet('ERC20'), to: evmDest, token: eth.tether, value: 25_000_000n },
      ]);
      expect(answer).toEqual({ status: 'sent', txHash: eth.transfers()[0]!.txHash });
      expect((answer as { txHash: string }).txHash).toMatch(/^0x[0-9a-f]{64}$/);
      await expectFailure(
        client.send({ ...request, requestId: 'w-8' }),
        /HTTP 400: unsupported_network this service sends on ERC20 only/,
      );
    } finally {
      await evmService.close();
    }
  });
});
