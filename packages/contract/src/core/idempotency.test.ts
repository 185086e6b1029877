import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  IDEMPOTENCY_KEY_RULE,
  idempotencyKeySchema,
} from './idempotency';

describe('the idempotency key rules', () => {
  it('names the header in lower case, as Node.js hands headers to the server', () => {
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
  });

  it('takes a UUID and keys of 8 to 128 letters, digits, - and _', () => {
    for (const key of [
      '3f2c9a1e-7b4d-4e8a-9c61-2d5f0b8e7a43',
      'a'.repeat(IDEMPOTENCY_KEY_MIN_LENGTH),
      'Z9-_'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH / 4),
    ]) {
      expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
    }
  });

  it('refuses keys too short, too long or with other characters, under its rule', () => {
    for (const key of [
      '',
      'a'.repeat(IDEMPOTENCY_KEY_MIN_LENGTH - 1),
      'a'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
      'abc def gh',
      'abcdefgh!',
      'کلیدکلیدکلید',
      'abcdefgh\n',
    ]) {
      const parsed = idempotencyKeySchema.safeParse(key);
      expect(parsed.success, JSON.stringify(key)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_RULE);
    }
  });
});
