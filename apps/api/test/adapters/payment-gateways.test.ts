import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../../src/adapters/payment/payment.port';
import { createSandboxPayment } from '../../src/adapters/payment/sandbox-payment';
import { createZarinpalPayment } from '../../src/adapters/payment/zarinpal-payment';
import { startZarinpalDouble } from '../helpers/zarinpal-double';

describe('Zarinpal adapter against a local server speaking its v4 protocol', () => {
  let double: Awaited<ReturnType<typeof startZarinpalDouble>>;
  beforeAll(async () => {
    double = await startZarinpalDouble({ merchantId: 'm-1234' });
  });
  afterAll(async () => {
    await double.close();
  });

  it('request → payer pays at StartPay → verify 100, then 101 (already verified)', async () => {
    const gw = createZarinpalPayment({ merchantId: 'm-1234', baseUrl: double.baseUrl });
    const req = await gw.request({
      amountRial: 5_000_000n,
      callbackUrl: 'http://portal.test/wallet/deposit/callback',
      description: 'deposit',
    });
    expect(req.redirectUrl).toBe(`${double.baseUrl}/pg/StartPay/${req.authority}`);
    const start = await fetch(`${req.redirectUrl}?pay=1`, { redirect: 'manual' });
    const back = new URL(start.headers.get('location')!);
    expect([back.pathname, back.searchParams.get('Authority'), back.searchParams.get('Status')]).toEqual([
      '/wallet/deposit/callback',
      req.authority,
      'OK',
    ]);
    const first = await gw.verify({ authority: req.authority, amountRial: 5_000_000n });
    expect(first).toEqual({
      status: 'paid',
      referenceId: expect.any(String),
      cardPan: '502229******5995',
      alreadyVerified: false,
    });
    const again = await gw.verify({ authority: req.authority, amountRial: 5_000_000n });
    expect(again).toMatchObject({ status: 'paid', alreadyVerified: true });
  });

  it('not paid, another amount and an unknown authority are failures; a wrong merchant or no server are errors', async () => {
    const gw = createZarinpalPayment({ merchantId: 'm-1234', baseUrl: double.baseUrl });
    const req = await gw.request({ amountRial: 20_000n, callbackUrl: 'http://portal.test/cb', description: 'x' });
    await fetch(req.redirectUrl, { redirect: 'manual' });
    expect(await gw.verify({ authority: req.authority, amountRial: 20_000n })).toEqual({
      status: 'failed',
      reason: 'zarinpal -51',
    });
    expect(await gw.verify({ authority: req.authority, amountRial: 30_000n })).toEqual({
      status: 'failed',
      reason: 'zarinpal -50',
    });
    expect(await gw.verify({ authority: 'A-none', amountRial: 20_000n })).toEqual({
      status: 'failed',
      reason: 'zarinpal -54',
    });
    const wrong = createZarinpalPayment({ merchantId: 'other', baseUrl: double.baseUrl });
    await expect(
      wrong.request({ amountRial: 20_000n, callbackUrl: 'http://portal.test/cb', description: 'x' }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    const down = createZarinpalPayment({ merchantId: 'm-1234', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(down.verify({ authority: req.authority, amountRial: 20_000n })).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
  });
});

describe('the sandbox gateway of the embedded mode', () => {
  it('shows its page, pays or cancels through the form, and verifies once then as already verified', async () => {
    const gw = createSandboxPayment();
    const app = Fastify();
    gw.routes(app);
    await app.ready();
    const paid = await gw.request({
      amountRial: 1_000_000n,
      callbackUrl: '/wallet/deposit/gateway-return?x=1',
      description: 'افزایش موجودی',
    });
    const page = await app.inject({ method: 'GET', url: paid.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('۱٬۰۰۰٬۰۰۰');
    expect(await gw.verify({ authority: paid.authority, amountRial: 1_000_000n })).toEqual({
      status: 'failed',
      reason: 'sandbox: pending',
    });
    const pay = await app.inject({
      method: 'POST',
      url: paid.redirectUrl,
      payload: 'result=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/wallet/deposit/gateway-return?x=1&Authority=${paid.authority}&Status=OK`);
    expect(await gw.verify({ authority: paid.authority, amountRial: 999n })).toEqual({
      status: 'failed',
      reason: 'sandbox: amount differs',
    });
    expect(await gw.verify({ authority: paid.authority, amountRial: 1_000_000n })).toMatchObject({
      status: 'paid',
      alreadyVerified: false,
    });
    expect(await gw.verify({ authority: paid.authority, amountRial: 1_000_000n })).toMatchObject({
      status: 'paid',
      alreadyVerified: true,
    });

    const cancelled = await gw.request({ amountRial: 50_000n, callbackUrl: '/cb', description: 'x' });
    const cancel = await app.inject({
      method: 'POST',
      url: cancelled.redirectUrl,
      payload: 'result=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cancel.headers.location).toBe(`/cb?Authority=${cancelled.authority}&Status=NOK`);
    // A second post cannot turn a cancelled payment into a paid one.
    await app.inject({
      method: 'POST',
      url: cancelled.redirectUrl,
      payload: 'result=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await gw.verify({ authority: cancelled.authority, amountRial: 50_000n })).toEqual({
      status: 'failed',
      reason: 'sandbox: cancelled',
    });
    expect((await app.inject({ method: 'GET', url: '/sandbox-gateway/none' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('choosing the gateway', () => {
  it('the sandbox by default, Zarinpal when set; production refuses the sandbox and Zarinpal needs a merchant id', async () => {
    const { parseEnv } = await import('../../src/env');
    const { createPayment } = await import('../../src/adapters/payment/create-payment');
    expect(createPayment(parseEnv({ NODE_ENV: 'test' })).name).toBe('sandbox');
    expect(
      createPayment(parseEnv({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'zarinpal', ZARINPAL_MERCHANT_ID: 'm' })).name,
    ).toBe('zarinpal');
    expect(() => parseEnv({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'zarinpal' })).toThrow(/ZARINPAL_MERCHANT_ID/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        APP_SECRET: 'p'.repeat(40),
        SMS_PROVIDER: 'kavenegar',
        KAVENEGAR_API_KEY: 'k',
      }),
    ).toThrow(/PAYMENT_PROVIDER/);
  });
});
