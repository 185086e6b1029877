import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDepositAddress, type DepositAddress, type TetherNetworkKey } from '@portal/contract/tether/chain';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { depositAddressesQueryOptions, tetherNetworksQueryOptions } from '@/lib/queries/tether-chain';

/**
 * `POST /wallet/tether/deposit-addresses`: my address on a network, created on the first request (the same
 * one after). The answer goes into the list of my addresses at once; a network found closed meanwhile is read
 * again (the page then says why).
 */
export function useCreateDepositAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (network: TetherNetworkKey) => callApi(createDepositAddress, { body: { network } }),
    onSuccess: (address: DepositAddress) => {
      const key = depositAddressesQueryOptions().queryKey;
      client.setQueryData(key, (old) => ({
        items: [...(old?.items ?? []).filter((a) => a.network !== address.network), address],
      }));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'TETHER_NETWORK_DISABLED')
        void client.invalidateQueries({ queryKey: tetherNetworksQueryOptions().queryKey });
    },
  });
}
