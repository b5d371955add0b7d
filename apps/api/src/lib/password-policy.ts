import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMON_PASSWORD_MESSAGE } from '@csp/contracts';
import { badRequest } from './errors.ts';

/**
 * The rules every new password meets, wherever one is set (registration, reset, change, an
 * administrator's user create): at least the configured minimum length (PASSWORD_MIN_LENGTH), and not
 * one of the 10,000 most common passwords. The list ships with the app (common-passwords.txt, see
 * common-passwords.NOTICE.md) and is never fetched at run time.
 */

let commonPasswords: Set<string> | undefined;

/** Lower-cased and trimmed, as candidates are compared: 'Password' and ' PASSWORD ' are both on it. */
function loadCommonPasswords(): Set<string> {
  const text = readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}

/**
 * 400 with the field's too-short message for the configured minimum, or the common-password message.
 * The contracts' schemas have already checked the spec's minimum of 6 and the maximum length.
 */
export function assertPasswordAllowed(
  password: string,
  minLength: number,
  tooShort: (min: number) => string,
): void {
  if (password.length < minLength) throw badRequest(tooShort(minLength));
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}
