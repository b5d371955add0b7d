import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { keyFor } from '../../lib/keys.ts';

/**
 * The first administrator's setup token (FIRST_ADMIN_SETUP=token): derived from the server secret with
 * a key of its own, so every instance that shares the secret prints the same token and nothing is
 * stored. 24 characters of base32 (120 bits), printed in groups of four; it has no use once the
 * programme has had an administrator.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const TOKEN_LENGTH = 24;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The token as printed: ABCD-EFGH-IJKL-MNOP-QRST-UVWX. */
export function setupToken(secret: string): string {
  // 15 bytes are exactly 24 base32 characters.
  const raw = base32(keyFor(secret, 'setup-token').subarray(0, 15));
  return raw.match(/.{4}/g)!.join('-');
}

/** Letter case, spaces and dashes do not matter (the token is copied from a log by hand). */
const normalised = (token: string) => token.toUpperCase().replace(/[\s-]/g, '');

/** Compared in constant time: both sides hashed first, so neither the length nor a prefix shows. */
export function setupTokenMatches(secret: string, candidate: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  const expected = normalised(setupToken(secret));
  const given = normalised(candidate);
  return timingSafeEqual(digest(expected), digest(given)) && given.length === TOKEN_LENGTH;
}

/**
 * What the server prints at start about the first administrator: nothing once the programme has had
 * one; with FIRST_ADMIN_SETUP=token a warning with the token (an operator must see it); otherwise a note
 * that the first ADMIN registration becomes the administrator.
 */
export function firstAdminSetupNotice(
  config: Pick<Config, 'jwtSecret' | 'firstAdminSetup' | 'firstAdminEmail' | 'publicUrl'>,
  adminBootstrapped: boolean,
): { level: 'warn' | 'info'; message: string } | undefined {
  if (adminBootstrapped) return undefined;
  const who = config.firstAdminEmail ? ` with the email ${config.firstAdminEmail}` : '';
  if (config.firstAdminSetup === 'token') {
    return {
      level: 'warn',
      message: `No administrator yet. Register the first administrator${who} at ${config.publicUrl}/register with the role ADMIN and this setup token: ${setupToken(config.jwtSecret)}`,
    };
  }
  return {
    level: 'info',
    message: `No administrator yet: the first ADMIN registration${who} at ${config.publicUrl}/register becomes the administrator (FIRST_ADMIN_SETUP=token asks for a setup token).`,
  };
}
