import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  chunkAddressOf,
  chunkReloader,
  installChunkReload,
  isChunkLoadError,
  guardedPageLoad,
} from './chunk-reload.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const chromium = new TypeError(
  'Failed to fetch dynamically imported module: https://app.test/assets/StudentsListPage-Bx12.js',
);
const firefox = new TypeError(
  'error loading dynamically imported module: https://app.test/assets/StudentsListPage-Bx12.js',
);
const safari = new TypeError('Importing a module script failed.');
const css = new Error('Unable to preload CSS for https://app.test/assets/styles-Ab3.css');
const notAChunk = new TypeError("Cannot read properties of undefined (reading 'firstName')");

/**
 * One page load of a tab: its own reloader over the tab's storage and clock; the server says whether a
 * file is gone (by default: it is, as after a release).
 */
function pageLoad(
  storage: MemoryStorage,
  clock: { now: number },
  chunkGone = vi.fn((_address: string | undefined) => Promise.resolve(true)),
) {
  const reload = vi.fn();
  const reloads = chunkReloader({ storage: () => storage, now: () => clock.now, reload, chunkGone });
  return { reload, reloads, chunkGone };
}

/** Settles within a few ticks, or 'pending'. */
const settled = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
  ]);

describe('a chunk that fails to load', () => {
  let storage: MemoryStorage;
  const clock = { now: 0 };
  beforeEach(() => {
    storage = new MemoryStorage();
    clock.now = Date.UTC(2026, 10, 24, 8, 0, 0);
  });

  it('is told by the message of each browser and of Vite’s style preload', () => {
    for (const error of [chromium, firefox, safari, css]) expect(isChunkLoadError(error)).toBe(true);
    for (const error of [notAChunk, new Error('Network Error'), 'Failed to fetch dynamically', null])
      expect(isChunkLoadError(error)).toBe(false);
  });

  it('names the file that failed, where the browser says it', () => {
    expect(chunkAddressOf(chromium)).toBe('https://app.test/assets/StudentsListPage-Bx12.js');
    expect(chunkAddressOf(firefox)).toBe('https://app.test/assets/StudentsListPage-Bx12.js');
    expect(chunkAddressOf(css)).toBe('https://app.test/assets/styles-Ab3.css');
    expect(chunkAddressOf(new Error('Unable to preload CSS for /assets/styles-Ab3.css'))).toBe(
      '/assets/styles-Ab3.css',
    );
    expect(chunkAddressOf(safari)).toBeUndefined();
  });

  it('reloads the page the first time the server says the file is gone, and remembers when', async () => {
    const { reload, reloads, chunkGone } = pageLoad(storage, clock);
    await expect(reloads(chromium)).resolves.toBe(true);
    expect(chunkGone).toHaveBeenCalledExactlyOnceWith('https://app.test/assets/StudentsListPage-Bx12.js');
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock.now));
  });

  it('does not reload when the server still has the file or gives no answer (a connection that is down)', async () => {
    const { reload, reloads, chunkGone } = pageLoad(
      storage,
      clock,
      vi.fn(() => Promise.resolve(false)),
    );
    await expect(reloads(chromium)).resolves.toBe(false);
    await expect(reloads(safari)).resolves.toBe(false);
    expect(chunkGone).toHaveBeenNthCalledWith(2, undefined);
    expect(reload).not.toHaveBeenCalled();
    // Nothing remembered: a release found later in this tab still reloads.
    expect(storage.items.size).toBe(0);
    chunkGone.mockResolvedValue(true);
    await expect(reloads(firefox)).resolves.toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads once when the same failure is reported twice before the reload (Vite’s event, then the import)', async () => {
    let answer = (_gone: boolean) => {};
    const { reload, reloads, chunkGone } = pageLoad(
      storage,
      clock,
      vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))),
    );
    // The second report comes while the server is being asked about the first.
    const first = reloads(css);
    clock.now += 50;
    const second = reloads(chromium);
    answer(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    // After the reload has begun, too.
    await expect(reloads(chromium)).resolves.toBe(true);
    expect(chunkGone).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload again when the reloaded page fails within the window: the error shows', async () => {
    await pageLoad(storage, clock).reloads(chromium);
    clock.now += 3_000;
    const afterReload = pageLoad(storage, clock);
    await expect(afterReload.reloads(chromium)).resolves.toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
    // Nor on a later failure of that page inside the window; the server is not even asked.
    clock.now += CHUNK_RELOAD_WINDOW_MS - 3_001;
    await expect(afterReload.reloads(firefox)).resolves.toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
    expect(afterReload.chunkGone).not.toHaveBeenCalled();
  });

  it('reloads again once the window has passed (the next release)', async () => {
    await pageLoad(storage, clock).reloads(chromium);
    clock.now += CHUNK_RELOAD_WINDOW_MS;
    const later = pageLoad(storage, clock);
    await expect(later.reloads(chromium)).resolves.toBe(true);
    expect(later.reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock.now));
  });

  it('leaves other errors alone', async () => {
    const { reload, reloads, chunkGone } = pageLoad(storage, clock);
    await expect(reloads(notAChunk)).resolves.toBe(false);
    await expect(reloads(new Error('Request failed with status code 500'))).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(chunkGone).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
    // Not even while a reload is under way.
    await expect(reloads(chromium)).resolves.toBe(true);
    await expect(reloads(notAChunk)).resolves.toBe(false);
  });

  it('does not reload without a storage to remember it in (it could loop)', async () => {
    const reload = vi.fn();
    const reloads = chunkReloader({
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      now: () => clock.now,
      reload,
      chunkGone: () => Promise.resolve(true),
    });
    await expect(reloads(chromium)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazy pages', () => {
  const Loaded = () => null;

  it('wait for the reload when their chunk fails to load (the current page stays)', async () => {
    const reloads = vi.fn(() => Promise.resolve(true));
    const load = guardedPageLoad(() => Promise.reject(chromium), reloads);
    await expect(settled(load())).resolves.toBe('pending');
    expect(reloads).toHaveBeenCalledExactlyOnceWith(chromium);
  });

  it('load a page that throws the error when no reload follows, so the error boundary shows it', async () => {
    const load = guardedPageLoad(
      () => Promise.reject(chromium),
      () => Promise.resolve(false),
    );
    const failed = (await load()).default as () => unknown;
    expect(() => failed()).toThrow(chromium);
  });

  it('load the page as before; another error becomes a page that throws it, without a reload', async () => {
    const reloads = vi.fn((error: unknown) => Promise.resolve(isChunkLoadError(error)));
    await expect(guardedPageLoad(() => Promise.resolve(Loaded), reloads)()).resolves.toEqual({
      default: Loaded,
    });
    const failed = (await guardedPageLoad(() => Promise.reject(notAChunk), reloads)())
      .default as () => unknown;
    expect(() => failed()).toThrow(notAChunk);
    expect(reloads).toHaveBeenCalledExactlyOnceWith(notAChunk);
  });

  it('load once: a preload and React’s own call share one download', async () => {
    const download = vi.fn(() => Promise.resolve(Loaded));
    const load = guardedPageLoad(download, () => Promise.resolve(false));
    const [first, second] = [load(), load()];
    expect(second).toBe(first);
    await first;
    expect(download).toHaveBeenCalledOnce();
  });

  it('use the reloader installChunkReload installed (none before: the error shows)', async () => {
    const load = guardedPageLoad(() => Promise.reject(chromium));
    const failed = (await load()).default as () => unknown;
    expect(() => failed()).toThrow(chromium);
  });
});

describe('in the browser', () => {
  const reload = vi.fn();
  /** The server: a HEAD of a file of the previous build answers 404. */
  const fetch = vi.fn((_address: string, _init?: RequestInit) =>
    Promise.resolve(new Response(null, { status: 404 })),
  );
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    const target = new EventTarget();
    vi.stubGlobal(
      'window',
      Object.assign(target, {
        sessionStorage: storage,
        location: { reload, href: 'https://app.test/dashboard' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
    fetch.mockClear();
  });

  const preloadError = (payload: unknown) =>
    window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload }));

  it('reloads the page (the address of the page being opened) on Vite’s preload error, once for the event and the import', async () => {
    installChunkReload();
    preloadError(chromium);
    // A lazy page's load uses the installed reloader.
    const load = guardedPageLoad(() => Promise.reject(chromium));
    await expect(settled(load())).resolves.toBe('pending');
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    // The server was asked about that file once, past the browser's cache.
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://app.test/assets/StudentsListPage-Bx12.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });

  it('shows the error in place when the file is still there or no answer comes', async () => {
    const reloads = installChunkReload();
    fetch.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await expect(reloads(chromium)).resolves.toBe(false);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(reloads(chromium)).resolves.toBe(false);
    fetch.mockResolvedValueOnce(new Response(null, { status: 503 }));
    await expect(reloads(firefox)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
  });

  it('asks for the app’s own address when the browser names no file, and reloads when the server answers', async () => {
    const reloads = installChunkReload();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(reloads(safari)).resolves.toBe(false);
    fetch.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await expect(reloads(safari)).resolves.toBe(true);
    expect(fetch).toHaveBeenLastCalledWith('https://app.test/dashboard', {
      method: 'HEAD',
      cache: 'no-store',
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('ignores a preload error that is not a missing chunk', async () => {
    installChunkReload();
    preloadError(notAChunk);
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
