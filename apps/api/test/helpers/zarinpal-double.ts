import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

interface DoublePayment {
  merchantId: string;
  amount: number;
  callbackUrl: string;
  paid: boolean;
  verified: boolean;
  refId: number;
}

/**
 * A local server that speaks Zarinpal's v4 REST protocol: `POST /pg/v4/payment/request.json` (code 100
 * and an authority, or `errors` with -9 validation / -11 unknown merchant), `GET /pg/StartPay/{authority}`
 * (the payer's page; `?pay=1` pays and redirects to the callback with `Authority` and `Status`), and
 * `POST /pg/v4/payment/verify.json` (100 first time, 101 after, -51 not paid, -50 amount differs,
 * -54 unknown authority).
 */
export async function startZarinpalDouble(opts: { merchantId: string }) {
  const payments = new Map<string, DoublePayment>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const fail = (status: number, code: number, message: string) =>
        json(status, { data: [], errors: { code, message, validations: [] } });
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return fail(400, -9, 'The input params invalid, validation error.');
      }
      if (req.method === 'POST' && url.pathname === '/pg/v4/payment/request.json') {
        if (body.merchant_id !== opts.merchantId) return fail(401, -11, 'The merchant is not active');
        if (typeof body.amount !== 'number' || body.amount < 1000 || typeof body.callback_url !== 'string')
          return fail(400, -9, 'The input params invalid, validation error.');
        const authority = `A${randomBytes(17).toString('hex').toUpperCase()}`.slice(0, 36);
        payments.set(authority, {
          merchantId: opts.merchantId,
          amount: body.amount,
          callbackUrl: body.callback_url,
          paid: false,
          verified: false,
          refId: 200_000 + payments.size,
        });
        return json(200, {
          data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 },
          errors: [],
        });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/pg/StartPay/')) {
        const authority = decodeURIComponent(url.pathname.slice('/pg/StartPay/'.length));
        const p = payments.get(authority);
        if (!p) return fail(404, -54, 'Invalid authority.');
        p.paid = url.searchParams.get('pay') === '1';
        const back = new URL(p.callbackUrl);
        back.searchParams.set('Authority', authority);
        back.searchParams.set('Status', p.paid ? 'OK' : 'NOK');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/pg/v4/payment/verify.json') {
        if (body.merchant_id !== opts.merchantId) return fail(401, -11, 'The merchant is not active');
        const p = payments.get(String(body.authority));
        if (!p) return fail(404, -54, 'Invalid authority.');
        if (p.amount !== body.amount) return fail(400, -50, 'Session is not valid, amounts values is not the same.');
        if (!p.paid) return fail(400, -51, 'Session is not valid, session is not active paid try.');
        const code = p.verified ? 101 : 100;
        p.verified = true;
        return json(200, {
          data: {
            code,
            message: code === 100 ? 'Paid' : 'Verified',
            card_hash: 'X',
            card_pan: '502229******5995',
            ref_id: p.refId,
            fee_type: 'Merchant',
            fee: 0,
          },
          errors: [],
        });
      }
      return fail(404, -1, 'not found');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${addr.port}`,
    payments,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
