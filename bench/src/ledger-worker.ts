/**
 * One thread of the ledger figure (`ledger-throughput.ts`): its share of the clients, each in a loop of
 * lookup; `transfer()` in a money transaction, on its own pool, until the deadline the parent sends. The
 * parent runs as many threads as pgbench's `-j`, so both sides spread the same clients over the same cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { runMoneyTransaction } from '../../apps/api/src/lib/money-tx';
import { transfer } from '../../apps/api/src/modules/ledger/ledger.service';
import { LOOKUP, randomPair } from './ledger-sql';

export interface LedgerWorkerData {
  url: string;
  clients: number;
  accounts: number;
}
export interface LedgerWorkerResult {
  done: number;
  errors: number;
  firstError: string | null;
}

const data = workerData as LedgerWorkerData;
const port = parentPort!;
const database = await openDatabase({ driver: 'postgres', url: data.url, poolSize: data.clients });
// The lookup goes through its own pool of the same size: the ledger code's pool is what is measured.
const lookup = new pg.Pool({ connectionString: data.url, max: data.clients });

async function run(deadline: number): Promise<LedgerWorkerResult> {
  let done = 0;
  let errors = 0;
  let firstError: string | null = null;
  const client = async () => {
    while (Date.now() < deadline) {
      const [a, b] = randomPair(data.accounts);
      try {
        const { rows } = await lookup.query<{ from_id: string; to_id: string }>(LOOKUP, [a, b]);
        const pair = rows[0]!;
        await runMoneyTransaction(database.db, (tx) =>
          transfer(tx, {
            fromAccountId: pair.from_id,
            toAccountId: pair.to_id,
            currency: 'IRT',
            amount: 1n,
            refType: 'ExchangeTransaction',
            refId: 'bench',
          }),
        );
        done++;
      } catch (err) {
        errors++;
        firstError ??= String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: data.clients }, client));
  return { done, errors, firstError };
}

port.on('message', (msg: { deadline: number } | 'close') => {
  if (msg === 'close') {
    void Promise.all([lookup.end(), database.close()]).then(() => port.close());
    return;
  }
  void run(msg.deadline).then((r) => port.postMessage(r));
});
port.postMessage('ready');
