import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { maskCardNumber } from '@portal/contract/bank/bank-accounts';
import { PAYER_WINDOW_MS, type PaymentPort, type PaymentVerification } from './payment.port';

/** The page of the sandbox gateway (outside `/api`: the payer's browser goes there). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway';

interface SandboxPayment {
  amountRial: bigint;
  callbackUrl: string;
  description: string;
  /** The payer's card when the portal named one (shown masked; the payment is taken from it). */
  cardPan: string | null;
  /** `expired`: the payer came to pay after `PAYER_WINDOW_MS`, and the page refused. */
  state: 'pending' | 'paid' | 'cancelled' | 'expired';
  verified: boolean;
  referenceId: string;
  createdAt: number;
}

/** Payments older than this are forgotten (a real gateway expires them too). */
const TTL_MS = 60 * 60 * 1000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The embedded mode's gateway (DESIGN "Two ways to run"): it behaves like Zarinpal — request gives an
 * authority, the payer's browser opens the gateway's page and pays or cancels, the page sends the browser
 * back to the callback with `Authority` and `Status=OK|NOK`, and verify answers paid (first time),
 * already verified (later), or failed. It keeps its payments in this process's memory: it stands in for an
 * outside bank in a single-process embedded portal, and is refused in production (env.ts).
 */
export function createSandboxPayment(
  opts: { now?: () => number } = {},
): PaymentPort & { routes(app: FastifyInstance): void } {
  const clock = opts.now ?? Date.now;
  const payments = new Map<string, SandboxPayment>();
  const prune = () => {
    const now = clock();
    for (const [k, p] of payments) if (now - p.createdAt > TTL_MS) payments.delete(k);
  };

  const page = (authority: string, p: SandboxPayment) => `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>درگاه پرداخت آزمایشی</title>
<link rel="icon" href="data:,">
<style>
body{margin:0;font-family:Vazirmatn,Tahoma,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh}
main{background:#1e293b;border-radius:12px;padding:24px;width:min(92vw,420px);box-sizing:border-box}
h1{font-size:1.2rem;margin:0 0 8px}.note{color:#fbbf24;font-size:.85rem;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#94a3b8}dd{margin:0}
form{display:flex;gap:12px}button{flex:1;font:inherit;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#22c55e;color:#052e16;font-weight:700}.cancel{background:#334155;color:#e2e8f0}
</style></head><body><main>
<h1>درگاه پرداخت آزمایشی</h1>
<p class="note">این درگاه نمایشی است و پولی جابه‌جا نمی‌کند.</p>
<dl><dt>مبلغ</dt><dd>${escapeHtml(new Intl.NumberFormat('fa-IR').format(p.amountRial))} ریال</dd>
<dt>بابت</dt><dd>${escapeHtml(p.description)}</dd>${
    p.cardPan ? `<dt>کارت</dt><dd dir="ltr">${escapeHtml(maskCardNumber(p.cardPan))}</dd>` : ''
  }</dl>
<form method="post" action="${SANDBOX_GATEWAY_PATH}/${encodeURIComponent(authority)}">
<button class="pay" name="result" value="pay" type="submit">پرداخت</button>
<button class="cancel" name="result" value="cancel" type="submit">انصراف</button>
</form></main></body></html>`;

  const back = (authority: string, p: SandboxPayment, ok: boolean) => {
    const url = new URL(p.callbackUrl, 'http://placeholder.invalid');
    url.searchParams.set('Authority', authority);
    url.searchParams.set('Status', ok ? 'OK' : 'NOK');
    return url.origin === 'http://placeholder.invalid' ? `${url.pathname}${url.search}` : url.toString();
  };

  return {
    name: 'sandbox',
    async request(input) {
      prune();
      const authority = `S${randomBytes(18).toString('hex')}`;
      payments.set(authority, {
        amountRial: input.amountRial,
        callbackUrl: input.callbackUrl,
        description: input.description,
        cardPan: input.cardPan ?? null,
        state: 'pending',
        verified: false,
        referenceId: String(100_000_000 + Math.floor(Math.random() * 899_999_999)),
        createdAt: clock(),
      });
      return { authority, redirectUrl: `${SANDBOX_GATEWAY_PATH}/${authority}` };
    },
    redirectUrl: (authority) => `${SANDBOX_GATEWAY_PATH}/${encodeURIComponent(authority)}`,
    async verify({ authority, amountRial }): Promise<PaymentVerification> {
      const p = payments.get(authority);
      if (!p) return { status: 'failed', reason: 'sandbox: unknown authority' };
      if (p.amountRial !== amountRial) return { status: 'failed', reason: 'sandbox: amount differs' };
      if (p.state !== 'paid') return { status: 'failed', reason: `sandbox: ${p.state}` };
      const alreadyVerified = p.verified;
      p.verified = true;
      return {
        status: 'paid',
        referenceId: p.referenceId,
        cardPan: p.cardPan ? maskCardNumber(p.cardPan) : '603799******1234',
        alreadyVerified,
      };
    },
    routes(app) {
      void app.register(async (scope) => {
        // The page's form posts `result=pay|cancel` as a browser does.
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        });
        scope.get<{ Params: { authority: string } }>(
          `${SANDBOX_GATEWAY_PATH}/:authority`,
          { schema: { hide: true } },
          async (req, reply) => {
            const p = payments.get(req.params.authority);
            if (!p) return reply.code(404).type('text/plain; charset=utf-8').send('پرداخت پیدا نشد.');
            return reply
              .type('text/html; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(page(req.params.authority, p));
          },
        );
        scope.post<{ Params: { authority: string }; Body: { result?: string } }>(
          `${SANDBOX_GATEWAY_PATH}/:authority`,
          // A page of the pretend bank, not part of the portal's API document.
          { schema: { hide: true } },
          async (req, reply) => {
            const p = payments.get(req.params.authority);
            if (!p) return reply.code(404).type('text/plain; charset=utf-8').send('پرداخت پیدا نشد.');
            if (p.state === 'pending') {
              // Past the payer's window the payment page has expired: nothing is taken.
              const expired = clock() - p.createdAt > PAYER_WINDOW_MS;
              p.state = req.body?.result !== 'pay' ? 'cancelled' : expired ? 'expired' : 'paid';
            }
            return reply.redirect(back(req.params.authority, p, p.state === 'paid'), 303);
          },
        );
      });
    },
  };
}
