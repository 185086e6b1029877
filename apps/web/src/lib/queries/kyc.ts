import { queryOptions } from '@tanstack/react-query';
import { getKyc } from '@portal/contract/kyc/kyc';
import { callApi } from '@/lib/api-client';
import { resourceKeys } from './keys';

/**
 * `GET /kyc`, the investor's identity verification: read by the KYC page and by the forced-KYC
 * dialog (which says what a foreign investor needs), so its key and options are written once, here.
 * The KYC mutations update it through this key and invalidate it with `invalidateAfter(client, 'kyc')`.
 */

export const kycQueryOptions = () =>
  queryOptions({
    queryKey: resourceKeys.kyc,
    queryFn: ({ signal }) => callApi(getKyc, { signal }),
  });
