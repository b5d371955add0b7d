import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  earliestLinkExpiry,
  installFileLinkRefresh,
  MIN_REFRESH_DELAY_MS,
  refreshDelay,
  REFRESH_MARGIN_MS,
  type FileLinkRefresh,
} from './file-link-refresh.ts';
import { noteServerDate, serverNow } from './server-clock.ts';

const ID = '6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const SESSION = 'u=1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f&s=0b7f5c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b&v=0';
const link = (expires: number) => `/api/files/${ID}?${SESSION}&expires=${expires}&sig=${'a'.repeat(43)}`;
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('earliestLinkExpiry', () => {
  it('finds the first link to expire anywhere in an answer, and nothing in one without links', () => {
    expect(earliestLinkExpiry(link(500))).toBe(500);
    expect(
      earliestLinkExpiry({
        pages: [{ items: [{ photos: [link(900), link(700)] }, { photoUrl: link(800) }] }],
        pageParams: [undefined],
      }),
    ).toBe(700);
    expect(
      earliestLinkExpiry({ user: { profilePicture: null }, files: [{ url: link(650), name: 'a.pdf' }] }),
    ).toBe(650);
    expect(earliestLinkExpiry({ name: 'Nila', notes: 'see /api/files/ later', expires: 5 })).toBeUndefined();
    expect(earliestLinkExpiry([])).toBeUndefined();
    expect(earliestLinkExpiry(null)).toBeUndefined();
    // A full address, as a proxy might hand it back.
    expect(earliestLinkExpiry(`https://csp.example.org${link(42)}`)).toBe(42);
  });
});

describe('refreshDelay', () => {
  it('is a minute before the links expire, a quarter of what is left when that is less, never under 10 s', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelay(seconds(now) + 900, now)).toBe(900_000 - REFRESH_MARGIN_MS);
    expect(refreshDelay(seconds(now) + 120, now)).toBe(120_000 - 30_000);
    expect(refreshDelay(seconds(now) + 5, now)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelay(seconds(now) - 60, now)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it("goes by the server's clock, as the answers' Date headers tell it", () => {
    // This device's clock is ten minutes behind the server's.
    const local = Date.now();
    noteServerDate(new Date(local + 10 * 60_000).toUTCString(), local);
    try {
      expect(Math.abs(serverNow() - (Date.now() + 10 * 60_000))).toBeLessThan(1500);
      // A link the server made just now for 15 minutes is due in 14, not in 24.
      const delay = refreshDelay(seconds(serverNow()) + 900);
      expect(delay).toBeGreaterThan(838_000);
      expect(delay).toBeLessThanOrEqual(840_000);
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });
});

describe('installFileLinkRefresh', () => {
  let client: QueryClient;
  let refresher: FileLinkRefresh;
  beforeEach(() => {
    vi.useFakeTimers();
    noteServerDate(new Date().toUTCString());
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    refresher = installFileLinkRefresh(client);
  });
  afterEach(() => {
    refresher.stop();
    client.clear();
    vi.useRealTimers();
  });

  /** A query shown on a page (an observer), answering fresh links of `lifetime` seconds each fetch. */
  function shownQuery(key: string, lifetime: number) {
    let fetches = 0;
    const queryFn = vi.fn(async () => {
      fetches += 1;
      return { id: key, photos: [link(seconds(Date.now()) + lifetime)], fetches };
    });
    const observer = new QueryObserver(client, { queryKey: [key], queryFn });
    const stop = observer.subscribe(() => undefined);
    return { queryFn, stop, data: () => client.getQueryData<{ fetches: number; photos: string[] }>([key]) };
  }

  it('fetches a shown answer again shortly before its links expire, and again after that', async () => {
    const q = shownQuery('activity', 900);
    await vi.advanceTimersByTimeAsync(0);
    expect(q.queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_MARGIN_MS - 1000);
    expect(q.queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(q.queryFn).toHaveBeenCalledTimes(2);
    // The new links were in place before the old ones died.
    expect(earliestLinkExpiry(q.data())! * 1000).toBeGreaterThan(Date.now() + 800_000);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(q.queryFn).toHaveBeenCalledTimes(3);
    q.stop();
  });

  it('leaves answers without links alone', async () => {
    const queryFn = vi.fn(async () => ({ name: 'Nila' }));
    const stop = new QueryObserver(client, { queryKey: ['student'], queryFn }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(3 * 3600_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only marks a query no page shows as stale, to be fetched when a page shows it again', async () => {
    const q = shownQuery('gift', 900);
    await vi.advanceTimersByTimeAsync(0);
    q.stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(q.queryFn).toHaveBeenCalledTimes(1);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['gift'] })!
        .isStale(),
    ).toBe(true);
  });

  it('follows data written into the cache (a save’s answer), and forgets removed queries', async () => {
    const queryFn = vi.fn(async () => ({ photos: [link(seconds(Date.now()) + 900)] }));
    const stop = new QueryObserver(client, { queryKey: ['visit'], queryFn }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    // A save answers links that die sooner (the session's token ends in two minutes).
    client.setQueryData(['visit'], { photos: [link(seconds(Date.now()) + 120)] });
    await vi.advanceTimersByTimeAsync(91_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    stop();
    client.removeQueries({ queryKey: ['visit'] });
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('catches up at once with what fell due while the device slept', async () => {
    const q = shownQuery('profile', 900);
    await vi.advanceTimersByTimeAsync(0);
    // The wall clock moves on by an hour while no timer runs.
    vi.setSystemTime(Date.now() + 3600_000);
    refresher.catchUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.queryFn).toHaveBeenCalledTimes(2);
    q.stop();
  });
});
