import { ROLES, STORAGE_KEYS, type User } from '@csp/contracts';
import { clearTabWork } from './tab-storage.ts';

/** The signed-in session as kept in the browser (spec part 1 §3: keys `token` and `user`). */
export interface StoredSession {
  token: string;
  user: User;
}

function looksLikeUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.email === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    (ROLES as readonly unknown[]).includes(v.role)
  );
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * Reads the stored session. When both items exist and the user parses, returns them. A user that
 * cannot be parsed (or half a session) clears both items and returns null.
 */
export function readSession(): StoredSession | null {
  const token = getToken();
  const rawUser = localStorage.getItem(STORAGE_KEYS.user);
  if (!token && !rawUser) return null;
  if (token && rawUser) {
    try {
      const user: unknown = JSON.parse(rawUser);
      if (looksLikeUser(user)) return { token, user };
    } catch {
      // falls through: the stored user does not parse
    }
  }
  clearSession();
  return null;
}

export function saveSession(token: string, user: User): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Replaces the stored token (a password change answers a new one; older tokens die). */
export function saveToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function saveUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // storage unavailable: nothing to clear
  }
  // The unfinished work kept in the tab (form drafts, unanswered writes' keys) goes with the session.
  clearTabWork();
}
