import { IDEMPOTENCY_KEY_HEADER, LIMITS, PUBLIC_PAGE_PATHS, RENEWED_TOKEN_HEADER } from '@csp/contracts';
import { nextTask } from './idle.ts';
import { noteServerDate } from './server-clock.ts';
import { endSession, getToken, saveToken } from './session.ts';
import { tabStorage, WORK_ITEM_PREFIX } from './tab-storage.ts';

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

export interface ApiRequestConfig {
  /** Query parameters (strings, numbers, booleans): one that is undefined or null is left out. */
  params?: object;
  /** Sent as given, after the defaults (Accept: application/json, the bearer token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds for the whole call, the answer's body included; LIMITS.apiTimeoutMs (30 s) unless set. */
  timeout?: number;
  /** 'json' (the default: parsed when it is JSON, else the text) or 'blob' (a file). */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
}

/** What a failed call was: its path below /api, its method and the headers it was sent with. */
export interface ApiCall {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/**
 * A call that failed: an HTTP error answer (`response` holds its status, body and headers), a timeout
 * (`code` 'ECONNABORTED') or no connection ('ERR_NETWORK'; neither has a response). A call cancelled
 * through its `signal` rejects with the signal's own reason instead.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: 'ERR_BAD_RESPONSE' | 'ECONNABORTED' | 'ERR_NETWORK',
    readonly config: ApiCall,
    readonly response?: ApiResponse<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True for the error of a call that failed (an HTTP error answer, a timeout, no connection). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function urlOf(path: string, params: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return `/api${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/** The answer's body: JSON when it parses, else its text ('' when empty); a Blob when asked for one. */
async function bodyOf(res: Response, responseType: 'json' | 'blob'): Promise<unknown> {
  if (responseType === 'blob' && res.ok) return res.blob();
  const text = await res.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The idempotency keys of the POSTs sent and not yet settled, by what was sent (method, address, body).
 * A POST sent again the same (the automatic resend below, a double tap, or Save pressed again on the same
 * form after "Network Error", also after a reload that restored the form's draft) carries the same key,
 * so a write the server did carry out is answered again rather than made twice (decision 0024). A
 * definite answer (success, or an error that changed nothing) settles it: the next identical POST is a
 * new write. Kept in the tab's storage (tab-storage.ts: gone with the tab, removed on sign-out), or in
 * memory where the browser refuses storage.
 */
const UNSETTLED_ITEM = `${WORK_ITEM_PREFIX}unsettled-writes`;
const unsettledInMemory = new Map<string, string>();
/** More unsettled POSTs than this are not kept (the oldest goes first). */
const MAX_UNSETTLED_KEYS = 50;
/** How long to wait before sending a POST again by itself after the connection dropped. */
export const RESEND_AFTER_MS = 1000;
/** The longest Retry-After waited for before the one resend of a POST still being processed. */
const MAX_RETRY_AFTER_MS = 5000;

/** The unsettled keys, oldest first. */
function unsettledKeys(): Map<string, string> {
  const store = tabStorage();
  if (!store) return unsettledInMemory;
  try {
    const kept: unknown = JSON.parse(store.getItem(UNSETTLED_ITEM) ?? '[]');
    if (!Array.isArray(kept)) return new Map();
    return new Map(
      kept.filter(
        (entry): entry is [string, string] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return new Map();
  }
}

function keepUnsettledKeys(keys: Map<string, string>): void {
  const store = tabStorage();
  if (!store) return;
  try {
    store.setItem(UNSETTLED_ITEM, JSON.stringify([...keys]));
  } catch {
    // storage full or refused: the key lives as long as the call
  }
}

/** A fresh key: a UUID where the browser makes them (secure contexts only), else 128 random bits. */
const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function keyFor(sent: string): string {
  const keys = unsettledKeys();
  let key = keys.get(sent);
  if (key === undefined) {
    key = newKey();
    while (keys.size >= MAX_UNSETTLED_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(sent, key);
    keepUnsettledKeys(keys);
  }
  return key;
}

function settle(sent: string): void {
  const keys = unsettledKeys();
  if (keys.delete(sent)) keepUnsettledKeys(keys);
}

/** Whether the server may have carried out the call, or may still: no answer, a timeout, a 5xx, "still running". */
function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true; // cancelled by its caller: the request may have reached the server
  const status = error.response?.status;
  if (status === undefined) return true;
  return status >= 500 || (status === 409 && error.response?.headers['retry-after'] !== undefined);
}

/** How long to wait before the one automatic resend: after a dropped connection or "still being processed". */
function resendDelay(error: unknown): number | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === 'ERR_NETWORK') return RESEND_AFTER_MS;
  const retryAfter = Number(error.response?.headers['retry-after']);
  if (error.response?.status === 409 && Number.isFinite(retryAfter)) {
    return Math.min(Math.max(retryAfter * 1000, 0), MAX_RETRY_AFTER_MS);
  }
  return undefined;
}

/**
 * The one HTTP client of the web app (spec: base path /api, the stored token as a bearer header, a 30 s
 * timeout), on the browser's own fetch: a JSON body is sent as JSON, FormData as multipart. A renewed
 * token in the answer is kept; a 401 ends the session (endSessionOn401). A POST of JSON (or of nothing)
 * after sign-in carries an Idempotency-Key (keyFor), and is sent once more by itself, with the same
 * key, when the connection dropped or the server says the first is still being processed (a key given
 * in `headers` is used instead, and not kept). A 429 (a
 * limit, decision 0033) changed nothing and is never sent again by itself: its message says how long
 * to wait, and its Retry-After is in the error's response headers.
 */
async function request<T>(
  method: string,
  path: string,
  body: unknown,
  config: ApiRequestConfig = {},
): Promise<ApiResponse<T>> {
  if (method !== 'post' || body instanceof FormData || isUnauthenticatedCall(path)) {
    return send<T>(method, path, body, config);
  }
  // A key the caller gives (the outbox's, made at the tap) is its own to keep.
  const given = config.headers?.[IDEMPOTENCY_KEY_HEADER] !== undefined;
  const sent = JSON.stringify([urlOf(path, config.params), body ?? null]);
  const keyed = given
    ? config
    : { ...config, headers: { [IDEMPOTENCY_KEY_HEADER]: keyFor(sent), ...config.headers } };
  for (let resent = false; ; resent = true) {
    try {
      const response = await send<T>(method, path, body, keyed);
      if (!given) settle(sent);
      return response;
    } catch (error) {
      if (!given && !outcomeUnknown(error)) settle(sent);
      const delay = resendDelay(error);
      if (resent || delay === undefined || config.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** One HTTP call. */
async function send<T>(
  method: string,
  path: string,
  body: unknown,
  config: ApiRequestConfig = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  Object.assign(headers, config.headers);
  const call: ApiCall = { url: path, method: method.toUpperCase(), headers };

  const timeout = config.timeout ?? LIMITS.apiTimeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const { signal } = config;
  const cancel = () => controller.abort(signal?.reason);
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });

  let response: ApiResponse<T>;
  try {
    // The request starts in a task of its own: a page's first render starts all its queries' requests
    // in one pass of React's effects, and each fetch() costs the main thread milliseconds (a phone's
    // more), which together made one long task that kept the page from answering a tap.
    await nextTask();
    controller.signal.throwIfAborted();
    const res = await fetch(urlOf(path, config.params), {
      method: call.method,
      headers,
      body: payload,
      signal: controller.signal,
    });
    noteServerDate(res.headers.get('date'));
    response = {
      data: (await bodyOf(res, config.responseType ?? 'json')) as T,
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
    };
    if (!res.ok) {
      throw new ApiError(`Request failed with status code ${res.status}`, 'ERR_BAD_RESPONSE', call, response);
    }
  } catch (error) {
    if (error instanceof ApiError) return endSessionOn401(error);
    if (timedOut) throw new ApiError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED', call);
    if (signal?.aborted) throw signal.reason ?? error;
    throw new ApiError('Network Error', 'ERR_NETWORK', call);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  keepRenewedToken(response, call);
  return response;
}

/** The client's calls (`api.get<T>(url, config)` …); `url` is the path below /api. */
export const api = {
  get: <T>(url: string, config?: ApiRequestConfig) => request<T>('get', url, undefined, config),
  delete: <T>(url: string, config?: ApiRequestConfig) => request<T>('delete', url, undefined, config),
  post: <T>(url: string, body?: unknown, config?: ApiRequestConfig) => request<T>('post', url, body, config),
  put: <T>(url: string, body?: unknown, config?: ApiRequestConfig) => request<T>('put', url, body, config),
  patch: <T>(url: string, body?: unknown, config?: ApiRequestConfig) =>
    request<T>('patch', url, body, config),
};

let redirecting = false;

function isUnauthenticatedCall(path: string): boolean {
  return UNAUTHENTICATED_CALLS.includes(path.split('?')[0]);
}

/** The bearer token a request was sent with. */
function sentToken(call: ApiCall): string | undefined {
  return call.headers.Authorization?.replace(/^Bearer /, '');
}

/**
 * A token past half its life comes back renewed (same session, later expiry): keep it, unless the
 * stored token changed meanwhile (a sign-in or password change answered a newer one).
 */
function keepRenewedToken(response: ApiResponse<unknown>, call: ApiCall): void {
  const renewed = response.headers[RENEWED_TOKEN_HEADER];
  if (renewed && sentToken(call) === getToken()) saveToken(renewed);
}

/**
 * Any 401 (except from the sign-in and other pre-session calls) ends the session and opens /login (the
 * person's unfinished work and where they were are kept for them: session.ts endSession) —
 * unless the request carried an older token than the one stored now (a poll that left just before a
 * password change answered with a fresh token): that answer says nothing about the current session.
 */
function endSessionOn401(error: ApiError): never {
  const current = getToken();
  const sent = sentToken(error.config);
  const sentWithOlderToken = Boolean(current && sent && sent !== current);
  if (error.response?.status === 401 && !isUnauthenticatedCall(error.config.url) && !sentWithOlderToken) {
    // A 401 on a page a visitor without a session may see does not navigate again.
    const onPublicPage = (PUBLIC_PAGE_PATHS as readonly string[]).includes(window.location.pathname);
    // The person's unfinished work stays in the tab, and where they were, for them to sign in again to.
    const { pathname, search, hash } = window.location;
    endSession(onPublicPage ? undefined : `${pathname}${search}${hash}`);
    if (!redirecting && !onPublicPage) {
      redirecting = true;
      window.location.assign('/login');
    }
  }
  throw error;
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
