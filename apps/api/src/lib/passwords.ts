import argon2, { type Options } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (m = 19 MiB, t = 2, p = 1). The package's `Algorithm` is a const
 * enum (not importable under isolatedModules); 2 is Argon2id, which is also the package default.
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as NonNullable<Options['algorithm']>,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when password matches the stored hash; a malformed hash counts as no match (never throws). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when there is no account to check against, so that
 * response times do not tell which emails exist. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that no account has');
  await verifyPassword(await dummyHash, password);
  return false;
}
