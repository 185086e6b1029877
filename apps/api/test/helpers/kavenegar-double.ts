import { createServer, type Server } from 'node:http';

export interface KavenegarCall {
  apiKey: string;
  method: string;
  params: Record<string, string>;
  /** `verify/lookup` (codes) or `sms/send` (notices). */
  api?: 'verify/lookup' | 'sms/send';
}

/**
 * A local server that speaks Kavenegar's Verify Lookup protocol: `/v1/{API-KEY}/verify/lookup.json`,
 * form-encoded or query parameters, a JSON reply with `return.status` (200 on success; 418 unknown
 * key / 411 bad receptor / 424 unknown template as the provider does); and its plain send,
 * `/v1/{API-KEY}/sms/send.json` with receptor, message and an optional sender (412 for an unknown line).
 * Calls of the lookup are recorded without `api`, as they always were; a send with `api: 'sms/send'`.
 */
export async function startKavenegarDouble(opts: { apiKey: string; templates: string[]; senders?: string[] }) {
  const calls: KavenegarCall[] = [];
  let failNext: number | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const m = /^\/v1\/([^/]+)\/(verify\/lookup|sms\/send)\.json$/.exec(url.pathname);
      const reply = (httpStatus: number, status: number, message: string, entries: unknown = null) => {
        res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ return: { status, message }, entries }));
      };
      if (!m) return reply(404, 404, 'not found');
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      for (const [k, v] of url.searchParams) params[k] ??= v;
      const apiKey = decodeURIComponent(m[1]!);
      const isSend = m[2] === 'sms/send';
      calls.push({ apiKey, method: req.method ?? '', params, ...(isSend ? { api: 'sms/send' as const } : {}) });
      if (failNext) {
        const s = failNext;
        failNext = null;
        return reply(s >= 500 ? 500 : 200, s, 'simulated failure');
      }
      if (apiKey !== opts.apiKey) return reply(403, 418, 'اعتبار حساب شما کافی نیست');
      if (!/^(09\d{9}|00\d{8,15})$/.test(params.receptor ?? '')) return reply(400, 411, 'گیرنده نامعتبر است');
      if (isSend) {
        if (params.sender !== undefined && !(opts.senders ?? []).includes(params.sender))
          return reply(400, 412, 'ارسال کننده نامعتبر است');
        if (!params.message) return reply(400, 414, 'متن پیام خالی است');
        return reply(200, 200, 'تایید شد', [{ messageid: 8792344, message: params.message, status: 1 }]);
      }
      if (!opts.templates.includes(params.template ?? '')) return reply(400, 424, 'الگوی مورد نظر پیدا نشد');
      if (!params.token) return reply(400, 431, 'ساختار کد صحیح نمی‌باشد');
      return reply(200, 200, 'تایید شد', [
        {
          messageid: 8792343,
          message: `code ${params.token}`,
          status: 5,
          statustext: 'ارسال به مخابرات',
          sender: '10004346',
          receptor: params.receptor,
          date: 1356619709,
          cost: 120,
        },
      ]);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    failNextWith(status: number) {
      failNext = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
