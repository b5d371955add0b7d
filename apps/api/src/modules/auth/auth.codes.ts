import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { keyFor } from '../../lib/keys.ts';
import type { CodePurpose } from './auth.repo.ts';

/** One-time codes (ARCHITECTURE.md "Security decisions"). */
export const CODE_TTL_MINUTES = 10;
export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
/** After this many wrong tries a code is dead, even for the right digits. */
export const MAX_CODE_ATTEMPTS = 5;

/** Six random digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * HMAC-SHA256 keyed with the one-time codes' own key (derived from the server secret), bound to the
 * purpose and the email: a stored hash is useless without the secret, and a code issued for one email
 * or purpose never matches another.
 */
export function hashCode(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', keyFor(secret, 'one-time-code'))
    .update(`${purpose}\n${email}\n${code}`)
    .digest('hex');
}

export function codeHashesMatch(storedHash: string, candidateHash: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(candidateHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
