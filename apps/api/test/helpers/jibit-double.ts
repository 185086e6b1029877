import { createServer, type Server } from 'node:http';

/** A bank account in the double's registry, with Jibit's IBAN status. */
export interface JibitAccount {
  iban: string;
  status?: 'ACTIVE' | 'BLOCK_WITH_DEPOSIT' | 'BLOCK_WITHOUT_DEPOSIT' | 'IDLE' | 'UNKNOWN';
  /** Cards of the account. */
  cards?: string[];
}

/** A person the double knows: a national code, a birth date as Jibit writes it (Persian `yyyyMMdd`). */
export interface JibitPerson {
  nationalCode: string;
  birthDate?: string;
  mobiles?: string[];
  accounts?: JibitAccount[];
}

export interface JibitCall {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
}

/**
 * A local server that speaks Jibit's identity API (napi.jibit.ir/ide): `POST /v1/tokens/generate`
 * { apiKey, secretKey } → { accessToken, refreshToken }; with `Authorization: Bearer <accessToken>`:
 * `GET /v1/services/matching` by `mobileNumber` + `nationalCode`, by `cardNumber` or `iban` +
 * `nationalCode` + `birthDate` → { matched }; `GET /v1/cards?number=&iban=true` → { number, type,
 * ibanInfo }; `GET /v1/ibans?value=` → { value, ibanInfo }. A number no bank knows is 400
 * `card.not_valid` / `iban.not_valid`, an unknown or expired token 401 `token.expired`.
 */
export async function startJibitDouble(opts: { apiKey: string; secretKey: string; people: JibitPerson[] }) {
  const calls: JibitCall[] = [];
  let tokens = 0;
  let expireNext = false;
  let failNext: number | null = null;

  const accounts = opts.people.flatMap((p) => (p.accounts ?? []).map((a) => ({ ...a, owner: p })));
  const byCard = (n: string) => accounts.find((a) => a.cards?.includes(n));
  const byIban = (v: string) => accounts.find((a) => a.iban === v);
  const ibanInfo = (a: (typeof accounts)[number]) => ({
    bank: 'MARKAZI',
    depositNumber: a.iban.slice(7).replace(/^0+/, ''),
    iban: a.iban,
    status: a.status ?? 'ACTIVE',
    owners: [{ firstName: 'نام', lastName: 'خانوادگی' }],
  });
  const isHolder = (owner: JibitPerson, p: Record<string, string>) =>
    owner.nationalCode === p.nationalCode && owner.birthDate === p.birthDate;

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params = Object.fromEntries(url.searchParams);
      calls.push({ method: req.method ?? '', path: url.pathname, params, authorization: req.headers.authorization });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, code: string) => reply(status, { code, message: code });

      if (req.method === 'POST' && url.pathname === '/v1/tokens/generate') {
        const { apiKey, secretKey } = JSON.parse(body || '{}') as { apiKey?: string; secretKey?: string };
        if (apiKey !== opts.apiKey || secretKey !== opts.secretKey) return error(401, 'forbidden');
        tokens++;
        return reply(200, { accessToken: `t${tokens}`, refreshToken: `r${tokens}` });
      }
      if (req.method !== 'GET') return error(404, 'not_found');
      if (req.headers.authorization !== `Bearer t${tokens}` || expireNext) {
        expireNext = false;
        return error(401, 'token.expired');
      }
      if (failNext) {
        const status = failNext;
        failNext = null;
        return error(status, 'server_error');
      }

      if (url.pathname === '/v1/services/matching') {
        if (params.mobileNumber !== undefined) {
          if (!params.mobileNumber.startsWith('09')) return error(400, 'mobileNumber.not_valid');
          const person = opts.people.find((p) => p.nationalCode === params.nationalCode);
          return reply(200, { matched: Boolean(person?.mobiles?.includes(params.mobileNumber)) });
        }
        if (!/^\d{8}$/.test(params.birthDate ?? '')) return error(400, 'birthDate.not_valid');
        if (!/^\d{10}$/.test(params.nationalCode ?? '')) return error(400, 'nationalCode.not_valid');
        if (params.cardNumber !== undefined) {
          const a = /^\d{16}$/.test(params.cardNumber) ? byCard(params.cardNumber) : undefined;
          return a ? reply(200, { matched: isHolder(a.owner, params) }) : error(400, 'card.not_valid');
        }
        if (params.iban !== undefined) {
          const a = byIban(params.iban);
          return a ? reply(200, { matched: isHolder(a.owner, params) }) : error(400, 'iban.not_valid');
        }
        return error(400, 'matching.not_valid');
      }
      if (url.pathname === '/v1/cards') {
        const a = byCard(params.number ?? '');
        if (!a) return error(400, 'card.not_valid');
        return reply(200, {
          number: params.number,
          type: 'DEBIT',
          ...(params.iban === 'true' ? { ibanInfo: ibanInfo(a) } : {}),
        });
      }
      if (url.pathname === '/v1/ibans') {
        const a = byIban(params.value ?? '');
        return a ? reply(200, { value: params.value, ibanInfo: ibanInfo(a) }) : error(400, 'iban.not_valid');
      }
      return error(404, 'not_found');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    /** Access tokens generated so far. */
    tokens: () => tokens,
    /** The next authorised call is answered 401, as when the token expired. */
    expireToken() {
      expireNext = true;
    },
    /** The next authorised call fails with this status. */
    failNextWith(status: number) {
      failNext = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type JibitDouble = Awaited<ReturnType<typeof startJibitDouble>>;
