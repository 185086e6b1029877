import { queryOptions } from '@tanstack/react-query';
import { getKyc } from '@portal/contract/kyc/kyc';
import { callApi } from './api-client';

/**
 * `GET /kyc`, the investor's identity verification: read by the KYC page and by the forced-KYC
 * dialog (which says what a foreign investor needs), so its key and options are written once, here.
 * The KYC mutations update and invalidate it through `kycKeys`.
 */
export const kycKeys = {
  state: ['kyc'] as const,
};

export const kycQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.state,
    queryFn: ({ signal }) => callApi(getKyc, { signal }),
  });
