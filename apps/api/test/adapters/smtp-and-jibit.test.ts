import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJibitIdentity } from '../../src/adapters/identity/jibit-identity';
import { createSmtpMail } from '../../src/adapters/mail/smtp-mail';
import { startJibitDouble, type JibitDouble } from '../helpers/jibit-double';

describe('SMTP mail adapter against a local SMTP server', () => {
  const received: { from: string; to: string[]; body: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            body,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the message with its sender, recipient and text', async () => {
    const mail = createSmtpMail({ url: `smtp://127.0.0.1:${port}`, from: 'Portal <no-reply@portal.test>' });
    await mail.send({ to: 'user@example.com', subject: 'code', text: 'Your code: 123456 / phrase: blue fox' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@portal.test', to: ['user@example.com'] });
    expect(received[0]!.body).toContain('123456');
    expect(received[0]!.body).toContain('blue fox');
  });

  it('a refused connection is an error', async () => {
    const mail = createSmtpMail({ url: 'smtp://127.0.0.1:1', from: 'x@portal.test' });
    await expect(mail.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toThrow();
  });
});

describe('Jibit identity adapter against a local server speaking its protocol', () => {
  let jibit: JibitDouble;
  let base = '';
  beforeAll(async () => {
    jibit = await startJibitDouble({
      apiKey: 'k',
      secretKey: 's',
      people: [{ nationalCode: '0084575948', mobiles: ['09121111111'] }],
    });
    base = jibit.baseUrl;
  });
  afterAll(async () => {
    await jibit.close();
  });

  it('answers matched and not matched, in the local number form', async () => {
    const id = createJibitIdentity({ baseUrl: base, apiKey: 'k', secretKey: 's' });
    expect(await id.mobileMatchesNationalCode({ mobile: '+989121111111', nationalCode: '0084575948' })).toBe(true);
    expect(await id.mobileMatchesNationalCode({ mobile: '+989122222222', nationalCode: '0084575948' })).toBe(false);
    expect(jibit.tokens()).toBe(1); // the token is reused
  });

  it('renews an expired token once', async () => {
    const id = createJibitIdentity({ baseUrl: base, apiKey: 'k', secretKey: 's' });
    await id.mobileMatchesNationalCode({ mobile: '+989121111111', nationalCode: '0084575948' });
    const before = jibit.tokens();
    jibit.expireToken();
    expect(await id.mobileMatchesNationalCode({ mobile: '+989121111111', nationalCode: '0084575948' })).toBe(true);
    expect(jibit.tokens()).toBe(before + 1);
  });

  it('bad credentials, provider errors and an unreachable provider are errors', async () => {
    await expect(
      createJibitIdentity({ baseUrl: base, apiKey: 'k', secretKey: 'wrong' }).mobileMatchesNationalCode({
        mobile: '+989121111111',
        nationalCode: '0084575948',
      }),
    ).rejects.toThrow(/token refused/);
    await expect(
      createJibitIdentity({ baseUrl: base, apiKey: 'k', secretKey: 's' }).mobileMatchesNationalCode({
        mobile: '+441234567890',
        nationalCode: '0084575948',
      }),
    ).rejects.toThrow(/400/);
    await expect(
      createJibitIdentity({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', secretKey: 's' }).mobileMatchesNationalCode({
        mobile: '+989121111111',
        nationalCode: '0084575948',
      }),
    ).rejects.toThrow(/unreachable/);
  });
});
