import { organisationSchema, todayIn } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestContext } from '../../test/setup.ts';
import { parseTileUrl, parseTimeZone } from '../../config.ts';
import { createOrganisationService } from './organisation.service.ts';

describe('GET /api/organisation', () => {
  let t: TestContext;
  beforeAll(async () => {
    // A zone far from UTC, so "today" there differs from the server's UTC day for half of every day.
    t = await createTestApp({ orgTimezone: 'Pacific/Kiritimati' });
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/organisation', headers });

  it('answers 401 without a token or with a bad one', async () => {
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(Object.keys(none.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    expect((await get({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it("gives administrators and teachers the organisation's time zone and today in it", async () => {
    for (const role of ['ADMIN', 'TEACHER'] as const) {
      const who = await seedUser(t.app, { role });
      const before = todayIn('Pacific/Kiritimati');
      const res = await get(who.auth);
      const after = todayIn('Pacific/Kiritimati');
      expect(res.statusCode).toBe(200);
      const body = organisationSchema.parse(res.json());
      expect(Object.keys(res.json()).sort()).toEqual(['mapTiles', 'timezone', 'today']);
      expect(body.timezone).toBe('Pacific/Kiritimati');
      expect(body.mapTiles).toBeNull();
      expect([before, after]).toContain(body.today);
    }
  });

  it("works out today in the organisation's zone, not in UTC", () => {
    // 17:00 UTC on 1 March is already 2 March in Kiritimati (UTC+14) and still 1 March in Colombo (22:30).
    const now = new Date('2026-03-01T17:00:00Z');
    const config = { mapTileAttribution: '© OSM' };
    const clock = { now: () => now };
    const at = (orgTimezone: string) =>
      createOrganisationService({ config: { ...config, orgTimezone }, clock }).organisationInfo();
    expect(at('Pacific/Kiritimati')).toEqual({
      timezone: 'Pacific/Kiritimati',
      today: '2026-03-02',
      mapTiles: null,
    });
    expect(at('Asia/Colombo').today).toBe('2026-03-01');
  });

  it('names the map tiles when MAP_TILE_URL is set, and lets the CSP load them', async () => {
    const url = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';
    const withTiles = await createTestApp({ mapTileUrl: url, mapTileAttribution: '© Example' });
    try {
      const who = await seedUser(withTiles.app, { role: 'TEACHER' });
      const res = await withTiles.app.inject({ method: 'GET', url: '/api/organisation', headers: who.auth });
      expect(res.json().mapTiles).toEqual({ url, attribution: '© Example' });
      expect(String(res.headers['content-security-policy'])).toMatch(
        /img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.org;/,
      );
    } finally {
      await withTiles.close();
    }
    const plain = await get();
    expect(String(plain.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob:;/);
  });

  it('refuses a MAP_TILE_URL that is not an http(s) template', () => {
    expect(parseTileUrl(undefined)).toBeUndefined();
    expect(parseTileUrl('https://tile.example.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.example.org/{z}/{x}/{y}.png',
    );
    expect(() => parseTileUrl('javascript:alert(1)//{z}{x}{y}')).toThrow(/MAP_TILE_URL/);
    expect(() => parseTileUrl('https://tile.example.org/tiles.png')).toThrow(/MAP_TILE_URL/);
  });

  it('refuses an ORG_TIMEZONE that is not an IANA time zone', () => {
    expect(parseTimeZone(undefined)).toBe('Asia/Colombo');
    expect(parseTimeZone(' Europe/London ')).toBe('Europe/London');
    for (const wrong of ['Asia/Colmbo', 'UTC+5:30', 'Sri Lanka']) {
      expect(() => parseTimeZone(wrong)).toThrow(
        `ORG_TIMEZONE must be an IANA time zone such as Asia/Colombo, got "${wrong}"`,
      );
    }
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(doc.json().paths)).toContain('/api/organisation');
  });
});
