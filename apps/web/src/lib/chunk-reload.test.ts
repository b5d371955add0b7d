import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  chunkReloader,
  installChunkReload,
  isChunkLoadError,
  withChunkReload,
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

/** One page load of a tab: its own reloader over the tab's storage and clock. */
function pageLoad(storage: MemoryStorage, clock: { now: number }) {
  const reload = vi.fn();
  const reloads = chunkReloader({ storage: () => storage, now: () => clock.now, reload });
  return { reload, reloads };
}

/** A route's lazy load. */
const lazyOf = (route: RouteObject | undefined) => (route?.lazy as () => Promise<unknown>)();

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

  it('reloads the page the first time, and remembers when', () => {
    const { reload, reloads } = pageLoad(storage, clock);
    expect(reloads(chromium)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock.now));
  });

  it('reloads once when the same failure is reported twice before the reload (Vite’s event, then the import)', () => {
    const { reload, reloads } = pageLoad(storage, clock);
    expect(reloads(css)).toBe(true);
    clock.now += 50;
    expect(reloads(chromium)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload again when the reloaded page fails within the window: the error shows', () => {
    pageLoad(storage, clock).reloads(chromium);
    clock.now += 3_000;
    const afterReload = pageLoad(storage, clock);
    expect(afterReload.reloads(chromium)).toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
    // Nor on a later failure of that page inside the window.
    clock.now += CHUNK_RELOAD_WINDOW_MS - 3_001;
    expect(afterReload.reloads(firefox)).toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
  });

  it('reloads again once the window has passed (the next release)', () => {
    pageLoad(storage, clock).reloads(chromium);
    clock.now += CHUNK_RELOAD_WINDOW_MS;
    const later = pageLoad(storage, clock);
    expect(later.reloads(chromium)).toBe(true);
    expect(later.reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock.now));
  });

  it('leaves other errors alone', () => {
    const { reload, reloads } = pageLoad(storage, clock);
    expect(reloads(notAChunk)).toBe(false);
    expect(reloads(new Error('Request failed with status code 500'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
    // Not even while a reload is under way.
    expect(reloads(chromium)).toBe(true);
    expect(reloads(notAChunk)).toBe(false);
  });

  it('does not reload without a storage to remember it in (it could loop)', () => {
    const reload = vi.fn();
    const reloads = chunkReloader({
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      now: () => clock.now,
      reload,
    });
    expect(reloads(chromium)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazy routes', () => {
  const loaded = { Component: () => null };
  const page = (load: () => Promise<typeof loaded>): RouteObject => ({ path: 'students', lazy: load });

  it('wait for the reload when their chunk fails to load (the current page stays)', async () => {
    const reloads = vi.fn(() => true);
    const [route] = withChunkReload([page(() => Promise.reject(chromium))], reloads);
    await expect(settled(lazyOf(route))).resolves.toBe('pending');
    expect(reloads).toHaveBeenCalledExactlyOnceWith(chromium);
  });

  it('load a page that throws the error when no reload follows, so the route’s error element shows it', async () => {
    const [route] = withChunkReload([page(() => Promise.reject(chromium))], () => false);
    const failed = (await lazyOf(route)) as { Component: () => unknown };
    expect(() => failed.Component()).toThrow(chromium);
  });

  it('load as before, at every depth; routes without lazy are unchanged', async () => {
    const reloads = vi.fn(() => true);
    const leaf = page(() => Promise.resolve(loaded));
    const failing = page(() => Promise.reject(notAChunk));
    const index: RouteObject = { index: true, element: null };
    const [root] = withChunkReload(
      [{ path: '/', children: [{ lazy: leaf.lazy, children: [index] }] }],
      reloads,
    );
    const layout = root.children?.[0];
    await expect(lazyOf(layout)).resolves.toBe(loaded);
    expect(layout?.children?.[0]).toEqual(index);
    const [other] = withChunkReload([failing], (error) => isChunkLoadError(error));
    const failed = (await lazyOf(other)) as { Component: () => unknown };
    expect(() => failed.Component()).toThrow(notAChunk);
    expect(reloads).not.toHaveBeenCalled();
  });
});

describe('in the browser', () => {
  const assign = vi.fn();
  const reload = vi.fn();
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    const target = new EventTarget();
    vi.stubGlobal('window', Object.assign(target, { sessionStorage: storage, location: { assign, reload } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    reload.mockReset();
  });

  const preloadError = (payload: unknown) =>
    window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload }));

  it('reloads into the page being opened on Vite’s preload error, once for the event and the import', async () => {
    const reloads = installChunkReload(() => '/students');
    preloadError(chromium);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/students');
    const [route] = withChunkReload([{ path: 'students', lazy: () => Promise.reject(chromium) }], reloads);
    await expect(settled(lazyOf(route))).resolves.toBe('pending');
    expect(assign).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });

  it('reloads the current page when no navigation waits (the first page of a visit)', () => {
    installChunkReload(() => undefined);
    preloadError(css);
    expect(reload).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it('ignores a preload error that is not a missing chunk', () => {
    installChunkReload(() => '/students');
    preloadError(notAChunk);
    expect(assign).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
