import argon2 from 'argon2';

/**
 * argon2id with the OWASP parameters (decision 010): 19 MiB of memory, 2 passes, 1 lane. `verify` reads
 * the parameters from the stored hash, so raising them later only needs `needsRehash` on login.
 */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_PARAMS);

let dummy: Promise<string> | undefined;

/** Checks a password; without a stored hash it still spends the same time, so timing tells nothing. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword('not-a-password-of-anyone');
    await argon2.verify(await dummy, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
