import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { newMobile, signIn, type TestApp } from '../helpers/app';

/** A fresh valid national code (random first nine digits, the official check digit; never the serial 000000). */
export function nationalCode(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => randomInt(10));
    const sum = digits.reduce((acc, d, i) => acc + d * (10 - i), 0) % 11;
    const code = [...digits, sum < 2 ? sum : 11 - sum].join('');
    if (!/^(\d)\1{9}$/.test(code) && code.slice(3, 9) !== '000000') return code;
  }
}

/** The same code with a wrong check digit. */
export const withWrongCheckDigit = (code: string) => `${code.slice(0, 9)}${(Number(code[9]) + 1) % 10}`;

/** `YYYY-MM-DD`, `years` before the app's clock (and `days` more). */
export function yearsAgo(t: TestApp, years: number, days = 0): string {
  const d = new Date(t.clock.now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A mobile the local identity registry matches (its rule: one ending in 000 belongs to nobody). */
export function matchingMobile(): string {
  for (;;) {
    const m = newMobile();
    if (!m.endsWith('000')) return m;
  }
}

/** A signed-in investor whose mobile the local registry matches. */
export async function investor(t: TestApp) {
  const s = await signIn(t, matchingMobile());
  return { ...s, userId: await userIdOf(t, s.cookie) };
}

export async function userIdOf(t: TestApp, cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
  return res.json<{ user: { id: string } }>().user.id;
}

export function kyc(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/kyc', headers: { cookie } });
}

export function postJson(t: TestApp, cookie: string, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

/** Level one through the API. */
export async function verifyIdentity(t: TestApp, cookie: string, code = nationalCode()) {
  const res = await postJson(t, cookie, '/api/kyc/identity', { nationalCode: code, birthDate: yearsAgo(t, 30) });
  if (res.statusCode !== 200) throw new Error(`identity: ${res.statusCode} ${res.body}`);
  return code;
}

// The smallest files whose magic bytes say what they are.
/** A WebM (Matroska EBML header with DocType "webm"), padded. */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(2048, 0x7e),
]);
/** An MP4 (`ftyp` box, brand isom), padded. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(1024, 0x11),
]);
/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8c0ad0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export function upload(
  t: TestApp,
  cookie: string,
  purpose: string,
  body: Buffer | Readable,
  contentType = purpose === 'passport_image' ? 'image/png' : 'video/webm',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    headers: { cookie, 'content-type': contentType, ...headers },
    payload: body,
  });
}

export async function uploadedId(t: TestApp, cookie: string, purpose: string, body: Buffer): Promise<string> {
  const res = await upload(t, cookie, purpose, body);
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ fileId: string }>().fileId;
}

/**
 * A body of `total` bytes made lazily in 64 KiB chunks; `pulled()` tells how much anyone read of it.
 */
export function lazyBody(total: number) {
  let made = 0;
  const stream = new Readable({
    read() {
      if (made >= total) return this.push(null);
      const n = Math.min(65_536, total - made);
      made += n;
      this.push(Buffer.alloc(n, 0x61));
    },
  });
  return { stream, pulled: () => made };
}

export async function countRows(t: TestApp, table: 'files' | 'kyc_submissions', userId: string): Promise<number> {
  const column = table === 'files' ? sql`owner_user_id` : sql`user_id`;
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where ${column} = ${userId}`,
  );
  return row?.n ?? 0;
}

export async function auditActions(t: TestApp, userId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.database.db,
    sql`select action from audit_log where actor_user_id = ${userId} order by at, id`,
  );
  return rows.map((r) => r.action);
}

/** Makes a user an operator with two-factor on, directly in the database (as admin:create would). */
export async function makeOperator(
  t: TestApp,
  userId: string,
  role: 'operator' | 'senior_operator' | 'admin' = 'operator',
  twoFactor = true,
) {
  await t.database.db
    .update(users)
    .set({ role, twoFactorSecret: twoFactor ? 'test-secret-not-used' : null })
    .where(eq(users.id, userId));
  await t.database.bus.publish({ kind: 'user', id: userId });
}
