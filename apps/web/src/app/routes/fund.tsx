import { useParams } from 'react-router';
import { fundIdParams } from '@portal/contract/funds/catalogue';
import FundScreen from '@/features/funds/components/fund-screen';
import { NotFoundRoute } from './not-found';

/** Whether `/fund/{fundId}` names a fund at all: an id that is not a uuid is no page (issue 19). */
export function isFundId(fundId: string | undefined): fundId is string {
  return fundIdParams.safeParse({ fundId }).success;
}

/**
 * `/fund/{fundId}`: the fund's page, or the not-found page when the address's id is not an id (the API
 * would refuse it with a 400, which is no error of the visitor's but an address that leads nowhere).
 */
export function FundRoute() {
  const { fundId } = useParams();
  return isFundId(fundId) ? <FundScreen /> : <NotFoundRoute />;
}
