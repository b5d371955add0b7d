import { ROLES, STORAGE_KEYS, type User } from '@csp/contracts';
import { clearTabWork, tabStorage, WORK_ITEM_PREFIX } from './tab-storage.ts';

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
      if (looksLikeUser(user)) {
        claimTabWork(user.id);
        return { token, user };
      }
    } catch {
      // falls through: the stored user does not parse
    }
  }
  clearSession();
  return null;
}

/** Whose unfinished work the tab keeps (tab-storage.ts), and where that person was when a 401 ended it. */
const WORK_OWNER = `${WORK_ITEM_PREFIX}owner`;
const RETURN_TO = `${WORK_ITEM_PREFIX}return-to`;

/**
 * Stores a signed-in session. The unfinished work the tab keeps belongs to one person: when someone else
 * signs in, it is removed first; when the same person signs in again (their session had ended), it is
 * theirs to go on with.
 */
export function saveSession(token: string, user: User): void {
  const tab = tabStorage();
  try {
    if (tab?.getItem(WORK_OWNER) !== user.id) {
      clearTabWork();
      tab?.setItem(WORK_OWNER, user.id);
    }
  } catch {
    // storage refused: nothing is kept in the tab anyway
  }
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** A tab whose work has no owner yet (kept before owners were) is the signed-in person's. */
function claimTabWork(userId: string): void {
  try {
    const tab = tabStorage();
    if (tab && tab.getItem(WORK_OWNER) === null) tab.setItem(WORK_OWNER, userId);
  } catch {
    // storage refused: nothing is kept in the tab anyway
  }
}

function removeStoredSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/**
 * The server ended the session (a 401: it expired, or was ended elsewhere) while the person was at
 * `returnTo`. The token and user go; what the person was doing stays in the tab — drafts of their forms,
 * the keys of their unanswered writes — with where they were, so that signing in again brings them back
 * to it (saveSession and takeReturnTo). Someone else signing in removes it all.
 */
export function endSession(returnTo?: string): void {
  removeStoredSession();
  if (!returnTo) return;
  try {
    tabStorage()?.setItem(RETURN_TO, returnTo);
  } catch {
    // storage refused: the person starts from the dashboard
  }
}

/** Whether a 401 ended a session in this tab and its person has not signed in again yet. */
export function sessionEndedHere(): boolean {
  try {
    return Boolean(tabStorage()?.getItem(RETURN_TO));
  } catch {
    return false;
  }
}

/** Where a session that a 401 ended was, for the same person signed in again: once, then forgotten. */
export function takeReturnTo(): string | undefined {
  try {
    const tab = tabStorage();
    const path = tab?.getItem(RETURN_TO) ?? undefined;
    tab?.removeItem(RETURN_TO);
    return path?.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the stored token (a password change answers a new one; older tokens die). */
export function saveToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function saveUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Sign-out: the session and the unfinished work kept in the tab (form drafts, unanswered writes' keys). */
export function clearSession(): void {
  removeStoredSession();
  clearTabWork();
}
