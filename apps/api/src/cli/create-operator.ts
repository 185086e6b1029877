import path from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@portal/contract/admin/roles';
import { passwordSchema } from '@portal/contract/auth/password';
import { formatMobileLocal, normalizeMobile } from '@portal/contract/core/mobile';
import { openDatabase } from '../db/client';
import { parseEnv } from '../env';
import { loadOrCreateSecret } from '../lib/secrets';
import { provisionOperator } from '../modules/admin/operators.service';

export const USAGE = `Usage: npm run admin:create -- --mobile 09121234567 [--role operator|senior_operator|admin] [--password <password>]

Creates the user (or promotes an existing one) with an operator role, turns two-factor on when it is off
and prints its key once. It opens the same database as the server: DATABASE_URL, or the embedded PGlite
in DATA_DIR (stop the server first in the embedded mode: one process at a time opens that folder).
  --mobile    the operator's mobile (0912…, +98912…, Persian digits too)
  --role      operator (default), senior_operator or admin
  --password  optional; sets a password (the contract's rules: 8+ characters, upper and lower case,
              a digit and a symbol, not a common one). Without it the operator logs in with a one-time code.`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The environment; the process's when omitted. */
  env?: Record<string, string | undefined>;
}

const PASSWORD_RULES: Record<string, string> = {
  passwordMin: 'at least 8 characters',
  passwordMax: 'at most 128 characters',
  passwordWeak: 'needs a lower-case and an upper-case letter, a digit and a symbol',
  passwordCommon: 'is one of the most common passwords',
};

type Parsed = { mobile: string; role: OperatorRole; password: string | undefined } | { error: string } | 'help';

function parse(argv: string[]): Parsed {
  let values: { mobile?: string | undefined; role?: string | undefined; password?: string | undefined; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        mobile: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return { error: (e as Error).message };
  }
  if (values.help) return 'help';
  if (!values.mobile) return { error: '--mobile is required' };
  const mobile = normalizeMobile(values.mobile);
  if (!mobile) return { error: `"${values.mobile}" is not a valid mobile number` };
  const role = values.role ?? 'operator';
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    return { error: `--role must be one of ${OPERATOR_ROLES.join(', ')} (not "${role}")` };
  }
  if (values.password !== undefined) {
    const checked = passwordSchema.safeParse(values.password);
    if (!checked.success) {
      const rule = checked.error.issues[0]?.message ?? 'passwordWeak';
      return { error: `the password ${PASSWORD_RULES[rule] ?? 'does not follow the rules'}` };
    }
  }
  return { mobile, role: role as OperatorRole, password: values.password };
}

/**
 * `npm run admin:create`: the first operator (decision 014). Answers the exit code: 0 done, 1 bad input,
 * 2 failed. Prints the TOTP key once; it is stored only encrypted.
 */
export async function createOperatorCli(argv: string[], io: CliIo): Promise<number> {
  const parsed = parse(argv);
  if (parsed === 'help') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if ('error' in parsed) {
    io.err(`admin:create: ${parsed.error}\n\n${USAGE}\n`);
    return 1;
  }

  let env;
  try {
    env = parseEnv(io.env);
  } catch (e) {
    io.err(`admin:create: ${(e as Error).message}\n`);
    return 1;
  }
  // The database and the app secret, opened as server.ts opens them.
  const dataDir = path.resolve(env.DATA_DIR);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(dataDir, 'pglite')}`;
  let database;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  } catch (e) {
    io.err(`admin:create: cannot open the database (${where}): ${(e as Error).message}\n`);
    return 2;
  }
  try {
    const secret = env.APP_SECRET ?? loadOrCreateSecret(dataDir);
    const result = await provisionOperator(database.db, secret, {
      mobile: parsed.mobile,
      role: parsed.role,
      password: parsed.password,
      via: 'cli',
    });
    // Running servers (PostgreSQL) forget the cached role at once.
    await database.bus.publish({ kind: 'user', id: result.userId });

    const local = formatMobileLocal(parsed.mobile);
    const what = result.created
      ? 'created'
      : result.previousRole === parsed.role
        ? `already ${parsed.role}`
        : `role changed from ${result.previousRole}`;
    const lines = [`Operator ${local}: ${what}; role ${parsed.role}. Database: ${where}.`];
    if (result.totp) {
      lines.push(
        'Two-factor is on. Add this key to an authenticator app now; it is not shown again:',
        `  Key: ${result.totp.secret}`,
        `  URL: ${result.totp.otpauthUri}`,
      );
    } else {
      lines.push('Two-factor was already on: log in with the authenticator already set up.');
    }
    lines.push(
      result.passwordSet
        ? 'Password: set.'
        : 'Password: unchanged (log in with a one-time code sent to the mobile, then the authenticator code).',
    );
    io.out(`${lines.join('\n')}\n`);
    return 0;
  } catch (e) {
    io.err(`admin:create: failed: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await database.close();
  }
}
