import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '@portal/contract/core/errors';
import {
  getHoldingsCertificate,
  getStatement,
  getTransactionReceipt,
  statementPeriodIssue,
  verifyHoldingsCertificate,
} from '@portal/contract/wallet/statements';
import type { Db } from '../../db/client';
import { hitRateLimit } from '../../lib/rate-limit';
import { route } from '../../plugins/contract';
import { sessionOf } from '../../plugins/sessions';
import { readVerificationCode, tagMatches } from './certificate';
import { certificateBlocks, certificateCsv, pdfOf, receiptBlocks, statementBlocks, statementCsv } from './documents';
import { tehranDay } from './format';
import {
  buildCertificate,
  buildReceipt,
  buildStatement,
  certificateContent,
  findHolderOf,
  holdingsAt,
} from './statements.service';
import { TEXTS } from './texts';

/** Files are costly to make: each user makes at most this many in the window (statements, certificates, receipts). */
export const STATEMENTS_RATE = { bucket: 'statements', limit: 60, windowSeconds: 600 } as const;
/** Checks of verification codes, per address. */
export const VERIFY_RATE = { bucket: 'statements_verify', limit: 30, windowSeconds: 600 } as const;

export interface StatementsDeps {
  db: Db;
  secret: string;
  now?: () => Date;
}

function sendFile(reply: FastifyReply, body: Buffer | string, type: 'pdf' | 'csv', name: string) {
  reply
    .header('content-type', type === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** Statements, the holdings certificate and receipts (issue 19, decision 042). */
export function statementsRoutes(app: FastifyInstance, deps: StatementsDeps): void {
  const now = () => deps.now?.() ?? new Date();

  route(app, getStatement, async ({ query, request, reply }) => {
    const issue = statementPeriodIssue(query.from, query.to);
    if (issue) throw new AppError('VALIDATION_FAILED', 'The period is not valid', { issues: [issue] });
    const { userId } = sessionOf(request);
    const at = now();
    await hitRateLimit(deps.db, STATEMENTS_RATE, userId, at);
    const data = await buildStatement(deps.db, userId, { from: query.from, to: query.to }, at);
    const name = `statement-${query.from}_${query.to}`;
    if (query.format === 'csv') return sendFile(reply, statementCsv(data, query.lang), 'csv', name);
    const pdf = await pdfOf(statementBlocks(data, query.lang), query.lang, TEXTS[query.lang].statementTitle);
    return sendFile(reply, pdf, 'pdf', name);
  });

  route(app, getHoldingsCertificate, async ({ query, request, reply }) => {
    const at = now();
    if (query.date > tehranDay(at)) {
      throw new AppError('VALIDATION_FAILED', 'The date is after today', {
        issues: [{ path: 'querystring.date', rule: 'dateFuture' }],
      });
    }
    const { userId } = sessionOf(request);
    await hitRateLimit(deps.db, STATEMENTS_RATE, userId, at);
    const data = await buildCertificate(deps.db, userId, query.date, deps.secret, at);
    const name = `holdings-certificate-${query.date}`;
    if (query.format === 'csv') return sendFile(reply, certificateCsv(data, query.lang), 'csv', name);
    const pdf = await pdfOf(certificateBlocks(data, query.lang), query.lang, TEXTS[query.lang].certificateTitle);
    return sendFile(reply, pdf, 'pdf', name);
  });

  route(app, verifyHoldingsCertificate, async ({ query, request }) => {
    await hitRateLimit(deps.db, VERIFY_RATE, request.ip, now());
    const named = readVerificationCode(query.code);
    if (!named) return { valid: false };
    const holder = await findHolderOf(deps.db, named.userId);
    if (!holder) return { valid: false };
    // The certificate of that holder and day, rebuilt from the ledger and the NAV history, signed again.
    const content = certificateContent(holder, await holdingsAt(deps.db, named.userId, named.date));
    if (!tagMatches(deps.secret, content, named.tag)) return { valid: false };
    return { valid: true, date: content.date, holder: content.holder.name, totals: content.totals };
  });

  route(app, getTransactionReceipt, async ({ params, query, request, reply }) => {
    const { userId } = sessionOf(request);
    const at = now();
    await hitRateLimit(deps.db, STATEMENTS_RATE, userId, at);
    const data = await buildReceipt(deps.db, userId, params.id, at);
    const pdf = await pdfOf(receiptBlocks(data, query.lang), query.lang, TEXTS[query.lang].receiptTitle);
    return sendFile(reply, pdf, 'pdf', `receipt-${params.id}`);
  });
}
