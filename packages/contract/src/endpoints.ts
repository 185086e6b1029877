/** Every endpoint of the API, for the server's registration sweep and the OpenAPI document. */
import * as auth from './auth/auth';
import * as account from './account/account';
import * as system from './system/system';
import type { Endpoint } from './core/endpoint';

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

export const allEndpoints: Endpoint[] = [auth, account, system].flatMap((m) => Object.values(m).filter(isEndpoint));
