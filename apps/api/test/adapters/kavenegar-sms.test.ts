import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKavenegarSms } from '../../src/adapters/sms/kavenegar-sms';
import { createTestApp, newMobile, type TestApp } from '../helpers/app';
import { startKavenegarDouble } from '../helpers/kavenegar-double';

let double: Awaited<ReturnType<typeof startKavenegarDouble>>;
beforeAll(async () => {
  double = await startKavenegarDouble({ apiKey: 'KEY-123', templates: ['portal-otp'], senders: ['10004346'] });
});
afterAll(async () => {
  await double.close();
});

describe('Kavenegar SMS adapter', () => {
  it('sends the code through verify/lookup with the template, as SMS or as a call', async () => {
    const sms = createKavenegarSms({ apiKey: 'KEY-123', baseUrl: double.baseUrl, template: 'portal-otp' });
    await sms.sendOtp({ mobile: '+989121234567', channel: 'sms', purpose: 'login', code: '123456' });
    await sms.sendOtp({ mobile: '+989121234567', channel: 'voice', purpose: 'login', code: '654321' });
    expect(double.calls.slice(-2)).toEqual([
      {
        apiKey: 'KEY-123',
        method: 'POST',
        params: { receptor: '09121234567', token: '123456', template: 'portal-otp', type: 'sms' },
      },
      {
        apiKey: 'KEY-123',
        method: 'POST',
        params: { receptor: '09121234567', token: '654321', template: 'portal-otp', type: 'call' },
      },
    ]);
  });

  it('a foreign number is sent in 00-international form', async () => {
    const sms = createKavenegarSms({ apiKey: 'KEY-123', baseUrl: double.baseUrl, template: 'portal-otp' });
    await sms.sendOtp({ mobile: '+447700900123', channel: 'sms', purpose: 'login', code: '111111' });
    expect(double.calls.at(-1)?.params.receptor).toBe('00447700900123');
  });

  it.each([
    ['a wrong key', { apiKey: 'WRONG', template: 'portal-otp' }, /418/],
    ['an unknown template', { apiKey: 'KEY-123', template: 'nope' }, /424/],
  ])('%s is a delivery error', async (_, o, re) => {
    const sms = createKavenegarSms({ ...o, baseUrl: double.baseUrl });
    await expect(
      sms.sendOtp({ mobile: '+989121234567', channel: 'sms', purpose: 'login', code: '123456' }),
    ).rejects.toThrow(re);
  });

  it('sends a notice as plain text through sms/send, from the configured line or the account default', async () => {
    const text = 'ورود به حساب پرتال شما از دستگاهی تازه\nعبارت امنیتی شما: گل سرخ';
    const withLine = createKavenegarSms({
      apiKey: 'KEY-123',
      baseUrl: double.baseUrl,
      template: 'portal-otp',
      sender: '10004346',
    });
    await withLine.sendNotice({ mobile: '+989121234567', purpose: 'new_device', text });
    expect(double.calls.at(-1)).toEqual({
      apiKey: 'KEY-123',
      method: 'POST',
      api: 'sms/send',
      params: { receptor: '09121234567', message: text, sender: '10004346' },
    });
    const defaultLine = createKavenegarSms({ apiKey: 'KEY-123', baseUrl: double.baseUrl, template: 'portal-otp' });
    await defaultLine.sendNotice({ mobile: '+447700900123', purpose: 'new_device', text });
    expect(double.calls.at(-1)?.params).toEqual({ receptor: '00447700900123', message: text });

    const unknownLine = createKavenegarSms({
      apiKey: 'KEY-123',
      baseUrl: double.baseUrl,
      template: 'portal-otp',
      sender: '9999',
    });
    await expect(unknownLine.sendNotice({ mobile: '+989121234567', purpose: 'new_device', text })).rejects.toThrow(
      /412/,
    );
  });

  it('an unreachable provider is a delivery error', async () => {
    const sms = createKavenegarSms({ apiKey: 'K', baseUrl: 'http://127.0.0.1:9', template: 't', timeoutMs: 1000 });
    await expect(sms.sendOtp({ mobile: '+989121234567', channel: 'sms', purpose: 'login', code: '1' })).rejects.toThrow(
      /unreachable/,
    );
  });

  describe('through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        adapters: { sms: createKavenegarSms({ apiKey: 'KEY-123', baseUrl: double.baseUrl, template: 'portal-otp' }) },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('the code the user receives signs them in', async () => {
      const mobile = newMobile();
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } })).statusCode).toBe(200);
      const code = double.calls.at(-1)!.params.token!;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, code } });
      expect(res.statusCode).toBe(200);
    });

    it('when the provider fails the user is told, and may ask again at once', async () => {
      const mobile = newMobile();
      double.failNextWith(500);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('SMS_DELIVERY_FAILED');
      const retry = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { mobile } });
      expect(retry.statusCode).toBe(200);
    });
  });
});
