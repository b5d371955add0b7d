import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { api, apiClient, getErrorMessage, isApiError } from './api.ts';

function failed(status: number, data: unknown, config = { headers: new AxiosHeaders() }) {
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('api client', () => {
  it('uses /api with a 30 s timeout', async () => {
    const client = await apiClient();
    expect(client.defaults.baseURL).toBe('/api');
    expect(client.defaults.timeout).toBe(30000);
    expect(await apiClient()).toBe(client);
  });

  it('recognises a failed call’s error as axios does, without importing axios', () => {
    expect(isApiError(failed(500, {}))).toBe(true);
    expect(isApiError(new Error('network'))).toBe(false);
    expect(isApiError({ isAxiosError: 'yes' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('reads the message of a failed response, else the default, else a generic text', () => {
    expect(getErrorMessage(failed(400, { message: 'Email is required' }), 'Failed')).toBe(
      'Email is required',
    );
    expect(getErrorMessage(failed(500, {}), 'Failed to update profile')).toBe('Failed to update profile');
    expect(getErrorMessage(failed(500, 'oops'))).toBe('An error occurred');
    expect(getErrorMessage(new Error('network'))).toBe('An error occurred');
  });
});

describe('401 answers', () => {
  function setUp(pathname: string) {
    const items = new Map<string, string>([
      ['token', 'tok'],
      ['user', '{}'],
    ]);
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const assign = vi.fn();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    Object.defineProperty(globalThis, 'window', {
      value: { location: { pathname, assign } },
      configurable: true,
    });
    const seen: (string | undefined)[] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(String(config.headers?.Authorization));
      throw failed(401, { message: 'Invalid credentials' }, config);
    };
    return { items, assign, seen, adapter };
  }

  it('clears the session and opens /login, sending the bearer token first', async () => {
    const { items, assign, seen, adapter } = setUp('/students');
    await expect(api.get('/notifications', { adapter })).rejects.toBeInstanceOf(AxiosError);
    expect(seen).toEqual(['Bearer tok']);
    expect(items.size).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone for a failed sign-in', async () => {
    const { items, assign, adapter } = setUp('/login');
    await expect(api.post('/auth/login', {}, { adapter })).rejects.toBeInstanceOf(AxiosError);
    expect(items.get('token')).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('token renewal', () => {
  function withStorage(token: string) {
    const items = new Map<string, string>([
      ['token', token],
      ['user', '{}'],
    ]);
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
  const answer =
    (headers: Record<string, string>, before?: () => void): AxiosAdapter =>
    async (config) => {
      before?.();
      return { data: {}, status: 200, statusText: 'OK', headers, config };
    };

  it('stores a renewed token sent back in x-session-token', async () => {
    const items = withStorage('old');
    await api.get('/students', { adapter: answer({ 'x-session-token': 'renewed' }) });
    expect(items.get('token')).toBe('renewed');
  });

  it('keeps the stored token when no renewal comes back', async () => {
    const items = withStorage('old');
    await api.get('/students', { adapter: answer({}) });
    expect(items.get('token')).toBe('old');
  });

  it('ignores a renewal of a token that was replaced meanwhile (sign-in, password change)', async () => {
    const items = withStorage('old');
    await api.get('/students', {
      adapter: answer({ 'x-session-token': 'renewed-old' }, () => items.set('token', 'newer')),
    });
    expect(items.get('token')).toBe('newer');
  });
});
