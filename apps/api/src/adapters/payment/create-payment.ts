import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env';
import type { PaymentPort } from './payment.port';
import { createSandboxPayment } from './sandbox-payment';
import { createZarinpalPayment } from './zarinpal-payment';

/**
 * The gateway the environment selects. The sandbox brings its own page (`routes`), which the app
 * registers; Zarinpal's page is Zarinpal's.
 */
export function createPayment(env: Env): PaymentPort & { routes?(app: FastifyInstance): void } {
  if (env.PAYMENT_PROVIDER === 'zarinpal') {
    return createZarinpalPayment({ merchantId: env.ZARINPAL_MERCHANT_ID ?? '', baseUrl: env.ZARINPAL_BASE_URL });
  }
  return createSandboxPayment();
}
