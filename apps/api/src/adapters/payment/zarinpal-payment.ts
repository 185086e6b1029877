import { PaymentGatewayError, type PaymentPort, type PaymentVerification } from './payment.port';

/**
 * Zarinpal's v4 REST protocol: `POST /pg/v4/payment/request.json` → `data.code` 100 and an `authority`;
 * the payer goes to `/pg/StartPay/{authority}`; the gateway calls back with `Authority` and `Status`; then
 * `POST /pg/v4/payment/verify.json` → 100 (verified now) or 101 (verified before) with `ref_id` and
 * `card_pan`. Errors come as `errors: { code, message }` with a negative code (e.g. -51 not paid).
 */
export function createZarinpalPayment(opts: {
  merchantId: string;
  /** `https://payment.zarinpal.com` (production) or `https://sandbox.zarinpal.com`; tests use a local server. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentPort {
  const f = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const post = async (path: string, body: unknown) => {
    let res: Response;
    try {
      res = await f(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new PaymentGatewayError(`zarinpal unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    const json = (await res.json().catch(() => null)) as {
      data?: { code?: number; authority?: string; ref_id?: number | string; card_pan?: string } | unknown[];
      errors?: { code?: number; message?: string } | unknown[];
    } | null;
    if (!json) throw new PaymentGatewayError(`zarinpal answered ${res.status} without JSON`);
    const data = Array.isArray(json.data) ? undefined : json.data;
    const errors = Array.isArray(json.errors) ? undefined : json.errors;
    return { status: res.status, data, errors };
  };

  const startPay = (authority: string) => `${base}/pg/StartPay/${encodeURIComponent(authority)}`;

  return {
    name: 'zarinpal',
    async request(input) {
      const { data, errors } = await post('/pg/v4/payment/request.json', {
        merchant_id: opts.merchantId,
        amount: Number(input.amountRial),
        callback_url: input.callbackUrl,
        description: input.description,
        metadata: {
          ...(input.mobile ? { mobile: input.mobile } : {}),
          ...(input.cardPan ? { card_pan: input.cardPan } : {}),
        },
      });
      if (data?.code !== 100 || !data.authority) {
        throw new PaymentGatewayError(
          `zarinpal request refused: ${errors?.code ?? data?.code} ${errors?.message ?? ''}`,
        );
      }
      return { authority: data.authority, redirectUrl: startPay(data.authority) };
    },
    redirectUrl: (authority) => startPay(authority),
    async verify({ authority, amountRial }): Promise<PaymentVerification> {
      const { data, errors } = await post('/pg/v4/payment/verify.json', {
        merchant_id: opts.merchantId,
        amount: Number(amountRial),
        authority,
      });
      if (data?.code === 100 || data?.code === 101) {
        if (data.ref_id === undefined) throw new PaymentGatewayError('zarinpal verified without ref_id');
        return {
          status: 'paid',
          referenceId: String(data.ref_id),
          cardPan: data.card_pan ?? null,
          alreadyVerified: data.code === 101,
        };
      }
      const code = errors?.code;
      // -51: not paid; -50: amount differs; -54: invalid authority; -55 / -9: not found or invalid.
      if (typeof code === 'number' && code < 0) return { status: 'failed', reason: `zarinpal ${code}` };
      throw new PaymentGatewayError(`zarinpal verify answered nothing usable: ${JSON.stringify({ data, errors })}`);
    },
  };
}
