import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { reverseGeocodeSchema } from '@csp/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { clearGeocodeCache, reverseUrl } from './geocode.service.ts';

/** A stand-in Nominatim: answers what `respond` says, and records the queries it was asked. */
function fakeGeocoder() {
  const asked: URL[] = [];
  let respond: (res: http.ServerResponse) => void = (res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ display_name: 'Nallur, Jaffna, Northern Province, Sri Lanka' }));
  const server = http.createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://x'));
    respond(res);
  });
  return {
    asked,
    server,
    set: (fn: typeof respond) => {
      respond = fn;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

const geo = fakeGeocoder();
let withGeocoder: TestContext;
let without: TestContext;
let teacher: SeededUser;
let teacher2: SeededUser;

beforeAll(async () => {
  await new Promise<void>((resolve) => geo.server.listen(0, '127.0.0.1', resolve));
  withGeocoder = await createTestApp({ geocoderUrl: geo.url(), geocoderTimeoutMs: 300 });
  without = await createTestApp();
  teacher = await seedUser(withGeocoder.app, { role: 'TEACHER' });
  teacher2 = await seedUser(without.app, { role: 'ADMIN' });
});
afterEach(() => clearGeocodeCache());
afterAll(async () => {
  await withGeocoder.close();
  await without.close();
  geo.server.closeAllConnections();
  await new Promise((resolve) => geo.server.close(resolve));
});

const ask = (t: TestContext, who: SeededUser | null, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/geocode/reverse${query}`, headers: who?.auth ?? {} });

describe('GET /api/geocode/reverse', () => {
  it('names the place through GEOCODER_URL (Nominatim’s reverse call)', async () => {
    const res = await ask(withGeocoder, teacher, '?latitude=9.6615&longitude=80.0255');
    expect(res.statusCode).toBe(200);
    expect(reverseGeocodeSchema.parse(res.json())).toEqual({
      name: 'Nallur, Jaffna, Northern Province, Sri Lanka',
      source: 'geocoder',
    });
    const last = geo.asked.at(-1)!;
    expect(last.pathname).toBe('/reverse');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      format: 'jsonv2',
      lat: '9.6615',
      lon: '80.0255',
    });
  });

  it('answers the same place from memory without asking again', async () => {
    await ask(withGeocoder, teacher, '?latitude=9.7&longitude=80.1');
    const before = geo.asked.length;
    const again = await ask(withGeocoder, teacher, '?latitude=9.7&longitude=80.1');
    expect(again.json().source).toBe('geocoder');
    expect(geo.asked.length).toBe(before);
  });

  it('falls back to the coordinates when no geocoder is configured', async () => {
    const res = await ask(without, teacher2, '?latitude=9.6615&longitude=80.0255');
    expect(res.json()).toEqual({ name: '9.661500, 80.025500', source: 'coordinates' });
  });

  it.each([
    ['an error status', (res: http.ServerResponse) => res.writeHead(503).end('busy')],
    ['no JSON', (res: http.ServerResponse) => res.writeHead(200).end('<html>')],
    [
      'no name',
      (res: http.ServerResponse) => res.writeHead(200).end(JSON.stringify({ error: 'Unable to geocode' })),
    ],
    [
      'a name with control characters',
      (res: http.ServerResponse) => res.writeHead(200).end(JSON.stringify({ display_name: 'a\u0000b' })),
    ],
    [
      'a redirect',
      (res: http.ServerResponse) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end(),
    ],
    [
      'silence (slower than the timeout)',
      // Far longer than the 300 ms timeout, so the bound below holds on a slow, busy machine too.
      (res: http.ServerResponse) => setTimeout(() => res.writeHead(200).end('{}'), 30_000).unref(),
    ],
  ])('falls back to the coordinates when the geocoder answers %s', async (_, respond) => {
    geo.set(respond);
    try {
      const started = Date.now();
      const res = await ask(withGeocoder, teacher, '?latitude=-33.8688&longitude=151.2093');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: '-33.868800, 151.209300', source: 'coordinates' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      geo.set((res) => res.writeHead(200).end(JSON.stringify({ display_name: 'Nallur' })));
    }
  });

  it('falls back to the coordinates when the geocoder cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const t = await createTestApp({ geocoderUrl: url });
    try {
      const who = await seedUser(t.app, { role: 'TEACHER' });
      expect((await ask(t, who, '?latitude=1&longitude=2')).json()).toEqual({
        name: '1.000000, 2.000000',
        source: 'coordinates',
      });
    } finally {
      await t.close();
    }
  });

  it('requires a token and sensible coordinates', async () => {
    expect((await ask(without, null, '?latitude=1&longitude=2')).statusCode).toBe(401);
    for (const [query, message] of [
      ['?latitude=91&longitude=0', 'Latitude must be between -90 and 90'],
      ['?latitude=0&longitude=200', 'Longitude must be between -180 and 180'],
      ['?latitude=abc&longitude=0', 'Latitude must be a number'],
      ['?latitude=0', 'Longitude must be a number'],
      ['?latitude=0&longitude=0&x=1', 'Unknown field: x'],
    ]) {
      const res = await ask(without, teacher2, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
  });

  it('builds the reverse URL from a base with or without /reverse', () => {
    expect(reverseUrl('https://geo.example.org', 1, 2).toString()).toBe(
      'https://geo.example.org/reverse?format=jsonv2&lat=1&lon=2',
    );
    expect(reverseUrl('https://geo.example.org/nominatim/reverse', 1, 2).pathname).toBe('/nominatim/reverse');
  });
});
