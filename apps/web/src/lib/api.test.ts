import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorStatus, getErrorMessage, isApiError, type ApiResponse } from './api.ts';
import { clearSession } from './session.ts';
import { memoryStorage } from './storage.testing.ts';

/** What the stubbed fetch was called with. */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
}

function withStorage(entries: Record<string, string>) {
  const items = new Map(Object.entries(entries));
  Object.defineProperty(globalThis, 'localStorage', {
    value: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    },
    configurable: true,
  });
  return items;
}

function withLocation(pathname: string) {
  const assign = vi.fn();
  Object.defineProperty(globalThis, 'window', {
    value: { location: { pathname, assign } },
    configurable: true,
  });
  return assign;
}

/** Stubs fetch with `answer`, recording each call; like fetch, it rejects at once on an aborted signal. */
function stubFetch(answer: (sent: Sent) => Response | Promise<Response>) {
  const calls: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const sent: Sent = {
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body,
      signal: init.signal as AbortSignal,
    };
    calls.push(sent);
    if (sent.signal.aborted) throw new DOMException('aborted', 'AbortError');
    return answer(sent);
  });
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** A fetch that answers only when its signal aborts (then rejects as fetch does). */
const hanging = (sent: Sent) =>
  new Promise<Response>((_, reject) => {
    sent.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

beforeEach(() => {
  withStorage({});
  withLocation('/students');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client requests', () => {
  it('calls /api with the query, leaving out undefined and null values, and asks for JSON', async () => {
    const calls = stubFetch(() => json(200, []));
    await api.get('/students', { params: { search: 'a b', page: 2, teacherId: undefined, status: null } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/students?search=a+b&page=2');
    expect(calls[0].method).toBe('GET');
    expect(calls[0].headers.Accept).toBe('application/json');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].body).toBeUndefined();
  });

  it('sends the stored token as a bearer header', async () => {
    withStorage({ token: 'tok', user: '{}' });
    const calls = stubFetch(() => json(200, {}));
    await api.get('/notifications');
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
  });

  it('sends an object as JSON, FormData as it is, and no body (nor its type) when there is none', async () => {
    const calls = stubFetch(() => json(200, {}));
    await api.post('/activities', { title: 'Reading', durationMinutes: 120 });
    const form = new FormData();
    form.append('files', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/file-upload/activities', form);
    await api.patch('/notifications/1/read');
    await api.delete('/students/1');

    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toBe('{"title":"Reading","durationMinutes":120}');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[1].body).toBe(form);
    expect(calls[1].headers['Content-Type']).toBeUndefined();
    expect(calls[2]).toMatchObject({ method: 'PATCH', body: undefined });
    expect(calls[2].headers['Content-Type']).toBeUndefined();
    expect(calls[3]).toMatchObject({ method: 'DELETE', body: undefined });
  });

  it('answers the parsed body, the status and the headers (lower-cased)', async () => {
    stubFetch(() => json(200, [{ id: 's1' }], { 'X-Total-Count': '41' }));
    const res = await api.get<{ id: string }[]>('/students');
    expect(res.data).toEqual([{ id: 's1' }]);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('41');
  });

  it('answers a body that is not JSON as its text, and an empty one as an empty text', async () => {
    stubFetch((sent) => new Response(sent.url.endsWith('text') ? 'plain' : null, { status: 200 }));
    expect((await api.get('/text')).data).toBe('plain');
    expect((await api.get('/empty')).data).toBe('');
  });

  it('answers a file as a Blob when asked, with the headers that name it', async () => {
    const calls = stubFetch(
      () =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="r.csv"' },
        }),
    );
    const res = await api.get<Blob>('/leaves/analytics/export', {
      responseType: 'blob',
      headers: { Accept: 'text/csv' },
    });
    expect(calls[0].headers.Accept).toBe('text/csv');
    expect(res.data).toBeInstanceOf(Blob);
    expect(await res.data.text()).toBe('a,b\n1,2\n');
    expect(res.headers['content-disposition']).toBe('attachment; filename="r.csv"');
  });
});

describe('api client failures', () => {
  it('rejects an error answer with its status and body, whose message the page shows', async () => {
    stubFetch(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'Email is required' }));
    const error: unknown = await api.post('/users', {}).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(errorStatus(error)).toBe(400);
    expect(getErrorMessage(error, 'Failed')).toBe('Email is required');
    expect((error as ApiError).config).toMatchObject({ url: '/users', method: 'POST' });
  });

  it('reads the JSON message of a failed file download too', async () => {
    stubFetch(() => json(403, { statusCode: 403, error: 'Forbidden', message: 'Admins only' }));
    const error: unknown = await api
      .get('/leaves/analytics/export', { responseType: 'blob' })
      .catch((e: unknown) => e);
    expect(getErrorMessage(error, 'Failed to export the report')).toBe('Admins only');
  });

  it('falls back to the default, else a generic text, when the answer has no message', async () => {
    stubFetch((sent) => (sent.url.endsWith('json') ? json(500, {}) : new Response('oops', { status: 502 })));
    const empty: unknown = await api.get('/json').catch((e: unknown) => e);
    const text: unknown = await api.get('/text').catch((e: unknown) => e);
    expect(getErrorMessage(empty, 'Failed to update profile')).toBe('Failed to update profile');
    expect(errorStatus(text)).toBe(502);
    expect(getErrorMessage(text)).toBe('An error occurred');
    expect(getErrorMessage(new Error('network'))).toBe('An error occurred');
    expect(isApiError({ isApiError: true })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('starts the request in a later task, not in the one that asked for it', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    const call = api.get('/students');
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    expect((await call).data).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });

  it('rejects a lost connection as a failed call without a status', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error: unknown = await api.get('/students').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).code).toBe('ERR_NETWORK');
    expect(errorStatus(error)).toBeUndefined();
  });

  it('gives up after 30 seconds by default, or the call’s own timeout', async () => {
    vi.useFakeTimers();
    const calls = stubFetch(hanging);
    const slow = api.get('/students').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await slow;
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).code).toBe('ECONNABORTED');
    expect(errorStatus(error)).toBeUndefined();

    const logout = api.post('/auth/logout', undefined, { timeout: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect((await logout) as ApiError).toMatchObject({ code: 'ECONNABORTED' });
  });

  it('rejects a call cancelled through its signal with the signal’s reason, not as a failure', async () => {
    stubFetch(hanging);
    const controller = new AbortController();
    const call = api.get('/students', { signal: controller.signal }).catch((e: unknown) => e);
    const reason = new DOMException('superseded', 'AbortError');
    controller.abort(reason);
    const error = await call;
    expect(error).toBe(reason);
    expect(isApiError(error)).toBe(false);

    const calls = stubFetch(() => json(200, {}));
    const before = api.get('/students', { signal: AbortSignal.abort(reason) }).catch((e: unknown) => e);
    expect(await before).toBe(reason);
    // Cancelled before it started: nothing is sent.
    expect(calls).toHaveLength(0);
  });
});

describe('401 answers', () => {
  it('clears the session and opens /login, sending the bearer token first', async () => {
    const items = withStorage({ token: 'tok', user: '{}' });
    const assign = withLocation('/students');
    const calls = stubFetch(() => json(401, { message: 'Invalid credentials' }));
    await expect(api.get('/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(items.size).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('keeps the person’s unfinished work in the tab, and where they were, for them to sign in again to', async () => {
    withStorage({ token: 'tok', user: '{}' });
    const { storage: sessionStorage, items: tab } = memoryStorage({
      'work:owner': 'u1',
      'work:draft:activity-edit:a1:u1': '{"title":"Half typed"}',
    });
    vi.stubGlobal('window', {
      location: { pathname: '/activities/a1/edit', search: '?x=1', hash: '', assign: vi.fn() },
      sessionStorage,
    });
    stubFetch(() => json(401, { message: 'Session expired' }));
    await expect(api.patch('/activities/a1', { title: 'Half typed' })).rejects.toBeInstanceOf(ApiError);
    expect(tab.get('work:draft:activity-edit:a1:u1')).toBe('{"title":"Half typed"}');
    expect(tab.get('work:return-to')).toBe('/activities/a1/edit?x=1');
  });

  it('leaves the session alone for a failed sign-in', async () => {
    const items = withStorage({ token: 'tok', user: '{}' });
    const assign = withLocation('/login');
    stubFetch(() => json(401, { message: 'Invalid credentials' }));
    await expect(api.post('/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    expect(items.get('token')).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves the session alone when the call carried a token replaced meanwhile', async () => {
    const items = withStorage({ token: 'old', user: '{}' });
    const assign = withLocation('/students');
    stubFetch(() => {
      items.set('token', 'newer');
      return json(401, { message: 'Session expired' });
    });
    await expect(api.get('/notifications/counts')).rejects.toBeInstanceOf(ApiError);
    expect(items.get('token')).toBe('newer');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('429 answers (too many requests)', () => {
  const message = 'You have made too many changes in a short time. Please wait 42 seconds and try again.';
  const tooMany = () =>
    json(429, { statusCode: 429, error: 'Too Many Requests', message }, { 'retry-after': '42' });

  it('reject at once with the server’s message and its Retry-After, and are never sent again by themselves', async () => {
    vi.useFakeTimers();
    const assign = withLocation('/activities/create');
    const calls = stubFetch(tooMany);
    const writes = [
      () => api.post('/activities', { title: 'Songs' }),
      () => api.post('/notifications/mark-all-read'),
      () => api.post('/file-upload/activities', new FormData()),
      () => api.put('/settings/1', { value: 1 }),
      () => api.patch('/students/1', { firstName: 'Nila' }),
      () => api.delete('/notifications/1'),
    ];
    for (const [i, write] of writes.entries()) {
      const outcome = write().catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(0);
      const error = await outcome;
      expect(errorStatus(error)).toBe(429);
      expect(getErrorMessage(error, 'Failed to save')).toBe(message);
      expect((error as ApiError).response?.headers['retry-after']).toBe('42');
      // Long past the wait the server named, still only the one call.
      await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
      expect(calls).toHaveLength(i + 1);
    }
    // Not a sign-in matter: the session stays.
    expect(assign).not.toHaveBeenCalled();
  });

  it('change nothing, so the same POST sent again later is a new write, with a new key', async () => {
    vi.useFakeTimers();
    const answers = [tooMany(), json(201, { id: 'a1' })];
    const calls = stubFetch(() => answers.shift()!);
    const first = api.post('/activities', { title: 'Songs' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(errorStatus(await first)).toBe(429);
    await vi.advanceTimersByTimeAsync(42_000);
    const again = api.post('/activities', { title: 'Songs' });
    await vi.advanceTimersByTimeAsync(0);
    expect((await again).data).toEqual({ id: 'a1' });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['idempotency-key']).not.toBe(calls[0].headers['idempotency-key']);
  });
});

describe('token renewal', () => {
  it('stores a renewed token sent back in x-session-token', async () => {
    const items = withStorage({ token: 'old', user: '{}' });
    stubFetch(() => json(200, {}, { 'x-session-token': 'renewed' }));
    await api.get('/students');
    expect(items.get('token')).toBe('renewed');
  });

  it('keeps the stored token when no renewal comes back', async () => {
    const items = withStorage({ token: 'old', user: '{}' });
    stubFetch(() => json(200, {}));
    await api.get('/students');
    expect(items.get('token')).toBe('old');
  });

  it('ignores a renewal of a token that was replaced meanwhile (sign-in, password change)', async () => {
    const items = withStorage({ token: 'old', user: '{}' });
    stubFetch(() => {
      items.set('token', 'newer');
      return json(200, {}, { 'x-session-token': 'renewed-old' });
    });
    await api.get('/students');
    expect(items.get('token')).toBe('newer');
  });
});

describe('idempotency keys of POSTs', () => {
  const KEY = 'idempotency-key';
  const lost = () => Promise.reject(new TypeError('Failed to fetch'));
  /** `call`'s outcome, running the fake timers it waits on (the request's own task, a resend's wait). */
  const run = async <T>(call: Promise<T>): Promise<T | unknown> => {
    const outcome = call.catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    return outcome;
  };

  it('sends a key with a POST of JSON or of nothing, and none with reads, uploads, edits or sign-in', async () => {
    const calls = stubFetch(() => json(201, {}));
    await api.post('/activities', { title: 'Reading' });
    await api.post('/notifications/mark-all-read');
    await api.get('/activities');
    await api.patch('/activities/1', { title: 'Reading' });
    await api.post('/file-upload/activities', new FormData());
    await api.post('/auth/login', { email: 'a@b.org', password: 'x' });
    expect(calls[0].headers[KEY]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[1].headers[KEY]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[1].headers[KEY]).not.toBe(calls[0].headers[KEY]);
    for (const call of calls.slice(2)) expect(call.headers[KEY]).toBeUndefined();
  });

  it('sends a POST whose connection dropped once more by itself, after a second, with the same key', async () => {
    vi.useFakeTimers();
    let answer: () => Promise<Response> = lost;
    const calls = stubFetch(() => answer());
    const call = api.post('/measurements', { height: 90 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    answer = async () => json(201, { id: 'm1' }, { 'idempotent-replayed': 'true' });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    expect(((await run(call)) as ApiResponse<unknown>).data).toEqual({ id: 'm1' });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers[KEY]).toBe(calls[0].headers[KEY]);
    expect(calls[1].body).toBe(calls[0].body);
  });

  it('keeps the key of a POST left without an answer for the same POST sent again, until one settles it', async () => {
    vi.useFakeTimers();
    let answer: () => Promise<Response> = lost;
    const calls = stubFetch(() => answer());
    expect(((await run(api.post('/activities', { title: 'Songs' }))) as ApiError).code).toBe('ERR_NETWORK');
    expect(calls).toHaveLength(2); // sent, and sent once more

    // Save pressed again on the same form: the same key. Another body: another key.
    answer = async () => json(201, { id: 'a1' });
    await run(api.post('/activities', { title: 'Songs' }));
    await run(api.post('/activities', { title: 'Dance' }));
    expect(calls[2].headers[KEY]).toBe(calls[0].headers[KEY]);
    expect(calls[3].headers[KEY]).not.toBe(calls[0].headers[KEY]);
    // Settled by its success: the same POST once more is a new write, with a new key.
    await run(api.post('/activities', { title: 'Songs' }));
    expect(calls[4].headers[KEY]).not.toBe(calls[0].headers[KEY]);
  });

  it('keeps the key after a server error or a timeout, drops it after an answer that changed nothing', async () => {
    vi.useFakeTimers();
    let answer: (sent: Sent) => Promise<Response> = async () => json(503, { message: 'down' });
    const calls = stubFetch((sent) => answer(sent));
    expect(errorStatus(await run(api.post('/gifts', { n: 1 })))).toBe(503);
    expect(calls).toHaveLength(1); // no resend after an answer
    expect(errorStatus(await run(api.post('/gifts', { n: 1 })))).toBe(503);
    expect(calls[1].headers[KEY]).toBe(calls[0].headers[KEY]);

    answer = async () => json(400, { message: 'Please enter height and weight' });
    await run(api.post('/gifts', { n: 1 }));
    expect(calls[2].headers[KEY]).toBe(calls[0].headers[KEY]);
    await run(api.post('/gifts', { n: 1 }));
    expect(calls[3].headers[KEY]).not.toBe(calls[0].headers[KEY]);

    answer = (sent) => hanging(sent);
    const slow = api.post('/gifts', { n: 2 }, { timeout: 100 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(((await slow) as ApiError).code).toBe('ECONNABORTED');
    answer = async () => json(201, {});
    await run(api.post('/gifts', { n: 2 }));
    expect(calls.at(-1)!.headers[KEY]).toBe(calls.at(-2)!.headers[KEY]);
  });

  it('waits as told when the first is still being processed, then sends once more', async () => {
    vi.useFakeTimers();
    const answers = [
      json(409, { message: 'still being processed' }, { 'retry-after': '1' }),
      json(201, { id: 'l1' }, { 'idempotent-replayed': 'true' }),
    ];
    const calls = stubFetch(() => answers.shift()!);
    const call = api.post('/leaves', { reason: 'Fever' });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    expect(((await run(call)) as ApiResponse<unknown>).data).toEqual({ id: 'l1' });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers[KEY]).toBe(calls[0].headers[KEY]);

    // A conflict of the record itself (no Retry-After) is the answer: not sent again.
    const conflicts = stubFetch(() => json(409, { message: 'You have already checked in today' }));
    expect(errorStatus(await run(api.post('/attendance/check-in', {})))).toBe(409);
    expect(conflicts).toHaveLength(1);
  });

  it('keeps the unsettled keys in the tab, so a reloaded page sends the same key, until sign-out', async () => {
    const { storage: sessionStorage, items } = memoryStorage();
    vi.stubGlobal('window', {
      location: { pathname: '/measurements/create', assign: vi.fn() },
      sessionStorage,
    });
    vi.useFakeTimers();
    let answer: () => Promise<Response> = lost;
    const calls = stubFetch(() => answer());
    await run(api.post('/measurements', { height: 90 }));
    expect(JSON.parse(items.get('work:unsettled-writes')!)).toEqual([
      [JSON.stringify(['/api/measurements', { height: 90 }]), calls[0].headers[KEY]],
    ]);
    // What the tab kept is all a reloaded page has: the same POST carries the same key.
    answer = async () => json(201, { id: 'm1' }, { 'idempotent-replayed': 'true' });
    await run(api.post('/measurements', { height: 90 }));
    expect(calls[2].headers[KEY]).toBe(calls[0].headers[KEY]);
    expect(JSON.parse(items.get('work:unsettled-writes')!)).toEqual([]);

    // Signing out removes them with the rest of the person's work.
    answer = lost;
    await run(api.post('/measurements', { height: 91 }));
    expect(items.has('work:unsettled-writes')).toBe(true);
    clearSession();
    expect(items.has('work:unsettled-writes')).toBe(false);
  });
});
