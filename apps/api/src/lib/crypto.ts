import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest('base64url');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function randomDigits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** A short referral code of unambiguous letters and digits. */
export function referralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 8; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** Keys `deriveKey` derived, by purpose and secret. */
const derivedKeys = new Map<string, Buffer>();

/** A 256-bit key for one use, derived from the app secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'portal', purpose, 32));
    // A few app secrets × purposes per process: the derivation (HKDF) runs once for each, not per request.
    if (derivedKeys.size >= 32) derivedKeys.clear();
    derivedKeys.set(id, key);
  }
  return Buffer.from(key);
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
}

/** `+98912***4567` */
export function maskMobile(e164: string): string {
  return e164.length > 8 ? `${e164.slice(0, 6)}***${e164.slice(-4)}` : e164;
}
