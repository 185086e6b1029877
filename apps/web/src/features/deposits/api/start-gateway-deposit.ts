import { useMutation } from '@tanstack/react-query';
import { startGatewayDeposit, type StartGatewayDepositBody } from '@portal/contract/wallet/deposits';
import { callApi } from '@/lib/api-client';

/**
 * `POST /wallet/deposits/gateway`: answers where to send the payer. `idempotencyKey` is made once per
 * attempt by the form, so a retry of the same attempt (after a lost answer) is the same deposit.
 */
export function useStartGatewayDeposit() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartGatewayDepositBody; idempotencyKey: string }) =>
      callApi(startGatewayDeposit, { body, idempotencyKey }),
  });
}
