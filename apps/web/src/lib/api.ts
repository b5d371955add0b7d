import { LIMITS } from '@csp/contracts';
import axios, { AxiosError, AxiosHeaders } from 'axios';
import { clearSession, getToken } from './session.ts';

/** Pages that a visitor without a session may see; a 401 there does not navigate again. */
export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password'] as const;

/** Calls made before sign-in: their 401 answers are shown by the page, not treated as an expired session. */
const UNAUTHENTICATED_CALLS = [
  '/auth/login',
  '/auth/register',
  '/auth/verify-otp',
  '/auth/forgot-password',
  '/auth/reset-password',
];

/** The one HTTP client of the web app: base path /api, 30 s timeout, bearer token from storage. */
export const api = axios.create({
  baseURL: '/api',
  timeout: LIMITS.apiTimeoutMs,
  headers: { Accept: 'application/json' },
});

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) {
    config.headers = AxiosHeaders.from(config.headers);
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

let redirecting = false;

function isUnauthenticatedCall(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.replace(/^\/api/, '').split('?')[0];
  return UNAUTHENTICATED_CALLS.includes(path);
}

/** True when the failed request carried a token other than the one stored now. */
function sentWithOlderToken(error: AxiosError): boolean {
  const current = getToken();
  const header = error.config?.headers?.Authorization;
  const sent = typeof header === 'string' ? header.replace(/^Bearer /, '') : undefined;
  return Boolean(current && sent && sent !== current);
}

/**
 * Any 401 (except from the sign-in and other pre-session calls) ends the session and opens /login —
 * unless the request carried an older token than the one stored now (a poll that left just before a
 * password change answered with a fresh token): that answer says nothing about the current session.
 */
api.interceptors.response.use(undefined, (error: unknown) => {
  if (
    error instanceof AxiosError &&
    error.response?.status === 401 &&
    !isUnauthenticatedCall(error.config?.url) &&
    !sentWithOlderToken(error)
  ) {
    clearSession();
    const onPublicPage = (PUBLIC_PATHS as readonly string[]).includes(window.location.pathname);
    if (!redirecting && !onPublicPage) {
      redirecting = true;
      window.location.assign('/login');
    }
  }
  return Promise.reject(error);
});

/** HTTP status of a failed call, or undefined (network error, timeout, not an HTTP error). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** The server's `message` of a failed call, or undefined when there is none. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length) return message.map(String).join(', ');
  }
  return undefined;
}

/**
 * The text to show for a failed call: the response body's message, else the given default, else
 * 'An error occurred' (spec part 1 §8 "Generic").
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  return serverMessage(error) ?? fallback ?? 'An error occurred';
}
