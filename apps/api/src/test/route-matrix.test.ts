import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, openApiRoutes, seedMatrixWorld } from './matrix-world.ts';
import { defaultParams, ROUTE_MATRIX } from './route-matrix.ts';
import { createTestApp, type TestContext } from './setup.ts';
import { closeTestApp } from './factories.ts';

let t: TestContext;
let routes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ authIpLimitPerMinute: 1_000_000, codeSendsPerHour: 1_000_000 });
  routes = await openApiRoutes(t.app);
});
afterAll(() => closeTestApp(t));

const ROLES = ['anonymous', 'teacherB', 'teacherA', 'admin'] as const;

describe('the role × route matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row without a route', () => {
    const missing = routes.filter((r) => !(r in ROUTE_MATRIX));
    const stale = Object.keys(ROUTE_MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without a row in apps/api/src/test/route-matrix.ts').toEqual([]);
    expect(stale, 'rows without a route').toEqual([]);
  });

  it('answers every role exactly as the matrix says', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const row = ROUTE_MATRIX[route];
      if (!row) continue;
      const [method, path] = route.split(' ');
      for (const role of ROLES) {
        const actors = await seedMatrixWorld(t.app, { code: 'MX', tag: 'matrix' });
        const w = actors.world;
        const params = { ...defaultParams(path, w), ...row.params?.(w) };
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name])) +
          (row.query ? `?${new URLSearchParams(row.query(w)).toString()}` : '');
        const body = row.body?.(w);
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: role === 'anonymous' ? {} : actors[role].auth,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        // 204 answers count as the 200 of the matrix (both are "done").
        const status = res.statusCode === 204 ? 200 : res.statusCode;
        if (!matches(row[role], status)) {
          wrong.push(
            `${route} as ${role}: expected ${JSON.stringify(row[role])}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
