import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordBase, passwordRepeatSchema, passwordSchema } from './password';

const rules = (p: string) => {
  const r = passwordSchema.safeParse(p);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('password rules (SPEC §5)', () => {
  it('accepts a strong password, up to 128 characters', () => {
    expect(rules('Tir-Mah#1403-Sabz')).toEqual([]);
    const long = `Aa1!${'x7Qz'.repeat(31)}`;
    expect(long.length).toBe(128);
    expect(rules(long)).toEqual([]);
    expect(rules(`${long}y`)).toEqual(['passwordMax']);
  });

  it('names the broken rule', () => {
    expect(rules('Ab1!')).toContain('passwordMin');
    expect(rules('abcdefg1!')).toEqual(['passwordWeak']);
    expect(rules('ABCDEFG1!')).toEqual(['passwordWeak']);
    expect(rules('Abcdefgh!')).toEqual(['passwordWeak']);
    expect(rules('Abcdefgh1')).toEqual(['passwordWeak']);
  });

  it('refuses the most common passwords, decorated or written with look-alikes', () => {
    for (const p of ['Password1!', 'P@ssw0rd!', 'Qwerty123!', '1Dragon!2024', 'Iloveyou#1', 'Football7$'])
      expect(rules(p), p).toEqual(['passwordCommon']);
    expect(passwordBase('P@ssw0rd123!')).toBe('password');
    expect(isCommonPassword('Kh0rshid-Zard!x9')).toBe(false);
  });

  it('the repeat must match', () => {
    const r = passwordRepeatSchema.safeParse({ password: 'Tir-Mah#1403-Sabz', repeat: 'Tir-Mah#1403-Sab' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: 'passwordMismatch', path: ['repeat'] });
  });
});
