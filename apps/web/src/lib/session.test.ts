import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, endSession, readSession, saveSession, saveUser, takeReturnTo } from './session.ts';
import { memoryStorage } from './storage.testing.ts';

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
  updatedAt: '2026-01-01T00:00:00.000Z',
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

describe('the unfinished work kept in the tab, across the end of a session', () => {
  let tab: Map<string, string>;
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
    const { storage, items } = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
    tab = items;
  });
  afterEach(() => vi.unstubAllGlobals());

  const draft = 'work:draft:measurement::u1';

  it('stays for the same person after a 401, and they are taken back to where they were', () => {
    saveSession('tok', user);
    tab.set(draft, '{"height":98}');
    endSession('/measurements/create?studentId=s1');
    expect(readSession()).toBeNull();
    expect(tab.get(draft)).toBe('{"height":98}');

    saveSession('tok2', user);
    expect(tab.get(draft)).toBe('{"height":98}');
    expect(takeReturnTo()).toBe('/measurements/create?studentId=s1');
    // Once only.
    expect(takeReturnTo()).toBeUndefined();
  });

  it('goes when someone else signs in, and on sign-out', () => {
    saveSession('tok', user);
    tab.set(draft, '{"height":98}');
    endSession('/measurements/create');
    saveSession('tok-other', { ...user, id: 'u2', email: 'b@example.org' });
    expect(tab.has(draft)).toBe(false);
    expect(takeReturnTo()).toBeUndefined();
    expect(tab.get('work:owner')).toBe('u2');

    tab.set('work:draft:leave:u2', '{"reason":"x"}');
    tab.set('unrelated', 'kept');
    clearSession();
    expect([...tab.keys()]).toEqual(['unrelated']);
  });

  it('takes back only a path of this app', () => {
    endSession('//elsewhere.example/phish');
    expect(takeReturnTo()).toBeUndefined();
    endSession('https://elsewhere.example/');
    expect(takeReturnTo()).toBeUndefined();
  });
});
