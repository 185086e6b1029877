/**
 * The holdings certificate's signature (decision 042). The portal signs the certificate's canonical
 * content, a JSON text whose keys and rows are in a fixed order, with HMAC-SHA256 under a key derived
 * from the app secret for this one use (`deriveKey`, HKDF). The file prints the signature and a
 * verification code: `HC1-` and, in base32, the holder's id, the certificate's date and the signature's
 * first 10 bytes. The code names what to rebuild: the verify endpoint rebuilds the certificate of that
 * holder and date from the ledger and the NAV history, signs it again, and compares.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/crypto';

const PURPOSE = 'statements/holdings-certificate/v1';
const CODE_PREFIX = 'HC1-';
const TAG_BYTES = 10;

export interface CertificateContent {
  holder: { userId: string; name: string; mobile: string; nationalCode: string | null };
  /** The Tehran date the certificate is for. */
  date: string;
  holdings: {
    fundId: string;
    fundCode: string;
    currency: string;
    /** Decimal strings: units (4 decimals), NAV and value in the fund's currency. */
    units: string;
    nav: string | null;
    navDate: string | null;
    value: string | null;
  }[];
  totals: { currency: string; value: string }[];
}

/** The content as signed: one JSON text, keys in a fixed order, rows in the order printed. */
export function canonicalContent(c: CertificateContent): string {
  return JSON.stringify({
    v: 1,
    kind: 'holdings-certificate',
    holder: {
      userId: c.holder.userId,
      name: c.holder.name,
      mobile: c.holder.mobile,
      nationalCode: c.holder.nationalCode,
    },
    date: c.date,
    holdings: c.holdings.map((h) => ({
      fundId: h.fundId,
      fundCode: h.fundCode,
      currency: h.currency,
      units: h.units,
      nav: h.nav,
      navDate: h.navDate,
      value: h.value,
    })),
    totals: c.totals.map((t) => ({ currency: t.currency, value: t.value })),
  });
}

const mac = (secret: string, content: CertificateContent) =>
  createHmac('sha256', deriveKey(secret, PURPOSE)).update(canonicalContent(content), 'utf8').digest();

/** The signature printed on the certificate (hex). */
export const signCertificate = (secret: string, content: CertificateContent) => mac(secret, content).toString('hex');

/** Whether `signature` is the portal's signature of this content. */
export function verifyCertificate(secret: string, content: CertificateContent, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(mac(secret, content), Buffer.from(signature, 'hex'));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(s: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const DAY_MS = 86_400_000;

/** The verification code printed on the certificate (groups of four, easy to read out). */
export function verificationCode(secret: string, content: CertificateContent): string {
  const id = Buffer.from(content.holder.userId.replace(/-/g, ''), 'hex');
  const day = Buffer.alloc(4);
  day.writeUInt32BE(Math.round(Date.parse(`${content.date}T00:00:00Z`) / DAY_MS));
  const body = base32(Buffer.concat([id, day, mac(secret, content).subarray(0, TAG_BYTES)]));
  return CODE_PREFIX + (body.match(/.{1,4}/g) ?? []).join('-');
}

/** What a code names: the holder, the date and the signature's first bytes; null when it is not a code. */
export function readVerificationCode(code: string): { userId: string; date: string; tag: Buffer } | null {
  const normalized = code.trim().toUpperCase();
  if (!normalized.startsWith(CODE_PREFIX)) return null;
  const bytes = unbase32(normalized.slice(CODE_PREFIX.length).replace(/-/g, ''));
  if (!bytes || bytes.length !== 16 + 4 + TAG_BYTES) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const date = new Date(bytes.readUInt32BE(16) * DAY_MS).toISOString().slice(0, 10);
  return { userId, date, tag: bytes.subarray(20) };
}

/** Whether the first bytes of the content's signature are `tag`. */
export function tagMatches(secret: string, content: CertificateContent, tag: Buffer): boolean {
  return tag.length === TAG_BYTES && timingSafeEqual(mac(secret, content).subarray(0, TAG_BYTES), tag);
}
