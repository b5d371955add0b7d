import { LIMITS, RENEWED_TOKEN_HEADER } from '@csp/contracts';
import axios, { AxiosError, AxiosHeaders } from 'axios';
import { clearSession, getToken, saveToken } from './session.ts';

/** Pages that a visitor without a session may see; a 401 there does not navigate again. */
export const PUBLIC_PATHS = ['/login', '/register', '/forgot-password'] as const;

/**
 * Calls whose 401 answers are not an expired session to act on: those made before sign-in (the page
 * shows them) and sign-out itself (the session is being ended anyway).
 */
const UNAUTHENTICATED_CALLS = [
  '/auth/logout',
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

/** The bearer token a request was sent with. */
function sentToken(config: { headers?: unknown } | undefined): string | undefined {
  const header = (config?.headers as Record<string, unknown> | undefined)?.Authorization;
  return typeof header === 'string' ? header.replace(/^Bearer /, '') : undefined;
}

/** True when the failed request carried a token other than the one stored now. */
function sentWithOlderToken(error: AxiosError): boolean {
  const current = getToken();
  const sent = sentToken(error.config);
  return Boolean(current && sent && sent !== current);
}

/**
 * A token past half its life comes back renewed (same session, later expiry): keep it, unless the
 * stored token changed meanwhile (a sign-in or password change answered a newer one).
 */
api.interceptors.response.use((response) => {
  const renewed: unknown = response.headers?.[RENEWED_TOKEN_HEADER];
  if (typeof renewed === 'string' && renewed && sentToken(response.config) === getToken()) {
    saveToken(renewed);
  }
  return response;
});

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
