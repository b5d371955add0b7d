import { LIMITS, PUBLIC_PAGE_PATHS, RENEWED_TOKEN_HEADER } from '@csp/contracts';
import type { AxiosError, AxiosInstance, AxiosResponse } from 'axios';
import { clearSession, getToken, saveToken } from './session.ts';

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

let client: Promise<AxiosInstance> | undefined;

/**
 * The one HTTP client of the web app: base path /api, 30 s timeout, bearer token from storage. axios
 * (about 19 KB brotli) is not part of the entry: the sign-in page makes no call before its form is
 * sent. main.tsx starts loading it at once when a session is stored (a signed-in page calls the API
 * straight away), else once the first page has painted; a call made earlier waits for it. A failed load
 * (a lost connection) is tried again on the next call.
 */
export function apiClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(
    ({ default: axios, AxiosHeaders }) => {
      const instance = axios.create({
        baseURL: '/api',
        timeout: LIMITS.apiTimeoutMs,
        headers: { Accept: 'application/json' },
      });
      instance.interceptors.request.use((config) => {
        const token = getToken();
        if (token) {
          config.headers = AxiosHeaders.from(config.headers);
          config.headers.set('Authorization', `Bearer ${token}`);
        }
        return config;
      });
      instance.interceptors.response.use(keepRenewedToken);
      instance.interceptors.response.use(undefined, endSessionOn401);
      return instance;
    },
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

type Method = 'get' | 'delete' | 'post' | 'put' | 'patch';

/** An axios method that waits for the client (same arguments and answer as the instance's own). */
function lazyMethod<M extends Method>(method: M): AxiosInstance[M] {
  return ((...args: unknown[]) =>
    apiClient().then((instance) =>
      (instance[method] as (...a: unknown[]) => Promise<unknown>)(...args),
    )) as AxiosInstance[M];
}

/** The client's calls (`api.get<T>(url, config)` …), usable before axios has loaded. */
export const api = {
  get: lazyMethod('get'),
  delete: lazyMethod('delete'),
  post: lazyMethod('post'),
  put: lazyMethod('put'),
  patch: lazyMethod('patch'),
};

/**
 * True for the error of a call that failed (an HTTP error answer, a timeout, no connection): axios's
 * own `isAxiosError` test, without importing axios.
 */
export function isApiError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

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
function keepRenewedToken(response: AxiosResponse): AxiosResponse {
  const renewed: unknown = response.headers?.[RENEWED_TOKEN_HEADER];
  if (typeof renewed === 'string' && renewed && sentToken(response.config) === getToken()) {
    saveToken(renewed);
  }
  return response;
}

/**
 * Any 401 (except from the sign-in and other pre-session calls) ends the session and opens /login —
 * unless the request carried an older token than the one stored now (a poll that left just before a
 * password change answered with a fresh token): that answer says nothing about the current session.
 */
function endSessionOn401(error: unknown): Promise<never> {
  if (
    isApiError(error) &&
    error.response?.status === 401 &&
    !isUnauthenticatedCall(error.config?.url) &&
    !sentWithOlderToken(error)
  ) {
    clearSession();
    // A 401 on a page a visitor without a session may see does not navigate again.
    const onPublicPage = (PUBLIC_PAGE_PATHS as readonly string[]).includes(window.location.pathname);
    if (!redirecting && !onPublicPage) {
      redirecting = true;
      window.location.assign('/login');
    }
  }
  return Promise.reject(error);
}

/** HTTP status of a failed call, or undefined (network error, timeout, not an HTTP error). */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/** The server's `message` of a failed call, or undefined when there is none. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
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
