import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFor, type KeyPurpose } from './keys.ts';

const purposes: KeyPurpose[] = ['session-token', 'file-link', 'one-time-code', 'setup-token'];

describe('keys derived per purpose (HKDF)', () => {
  const secret = 'a'.repeat(48);

  it('gives each purpose a different 32-byte key, none of them the secret', () => {
    const keys = purposes.map((p) => keyFor(secret, p).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const k of keys) {
      expect(k).toHaveLength(64);
      expect(k).not.toBe(Buffer.from(secret).toString('hex'));
    }
  });

  it('is stable for one secret and changes with the secret', () => {
    expect(keyFor(secret, 'file-link').equals(keyFor(secret, 'file-link'))).toBe(true);
    expect(keyFor('b'.repeat(48), 'file-link').equals(keyFor(secret, 'file-link'))).toBe(false);
  });

  it('makes an HMAC under one purpose useless under another', () => {
    const mac = (p: KeyPurpose) => createHmac('sha256', keyFor(secret, p)).update('x').digest('hex');
    expect(mac('file-link')).not.toBe(mac('one-time-code'));
    expect(mac('file-link')).not.toBe(createHmac('sha256', secret).update('x').digest('hex'));
  });
});
