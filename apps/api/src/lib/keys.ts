import { hkdfSync } from 'node:crypto';

/**
 * What a key derived from the server secret is for. Each purpose gets its own key (HKDF-SHA256, RFC
 * 5869), so a value made for one use — a session token, a file link, a one-time code's hash, the
 * first-administrator setup token — can never pass as another, and learning one key tells nothing of
 * the others or of the secret.
 */
export type KeyPurpose = 'session-token' | 'file-link' | 'one-time-code' | 'setup-token';

const cache = new Map<string, Buffer>();

/** The 32-byte key for `purpose`, derived from `secret` (JWT_SECRET or the generated one). */
export function keyFor(secret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'child-support-programme', `csp:${purpose}`, 32));
    cache.set(id, key);
  }
  return key;
}
