import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, readSession, saveSession, saveUser } from './session.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user = {
  id: 'u1',
  email: 'a@example.org',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  role: 'TEACHER' as const,
  isActive: true,
  profilePicture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('stored session (keys token and user)', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });

  it('restores a stored session', () => {
    saveSession('tok', user);
    expect(readSession()).toEqual({ token: 'tok', user });
    saveUser({ ...user, firstName: 'Anne' });
    expect(readSession()?.user.firstName).toBe('Anne');
  });

  it('clears both items when the stored user does not parse', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', '{not json');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears half a session', () => {
    localStorage.setItem('token', 'tok');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears on demand', () => {
    saveSession('tok', user);
    clearSession();
    expect(readSession()).toBeNull();
  });
});
