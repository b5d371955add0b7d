import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type SeededUser, type TestContext } from './setup.ts';
import { closeTestApp } from './factories.ts';

/**
 * Property-based fuzzing of every route in the OpenAPI document: wrong types, unknown fields, huge
 * strings and numbers, odd Unicode and malformed JSON, as nobody, a teacher and an administrator. Every
 * answer must be below 500, and every error the `{ statusCode, error, message }` shape.
 *
 * The budget is FUZZ_RUNS requests per route (default 12: about a thousand requests in all, seconds);
 * a deeper run is `FUZZ_RUNS=500 npx vitest run apps/api/src/test/fuzz.test.ts`.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 12);
/** A fixed seed unless FUZZ_SEED says otherwise, so a failure can be replayed. */
const SEED = Number(process.env.FUZZ_SEED) || 20261123;

/** Routes whose side effects would end the fuzzing sessions themselves. */
const SKIP = new Set([
  'POST /api/auth/logout',
  'PUT /api/auth/change-password',
  'POST /api/auth/change-password',
]);

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp({ authIpLimitPerMinute: 1_000_000 });
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
});
afterAll(() => closeTestApp(t));

const oddStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '𝕏'.repeat(50),
    '../../etc/passwd',
    "'; drop table users; --",
    '%00',
    '=cmd|calc!A1',
    '00000000-0000-0000-0000-000000000000',
    '2026-02-30',
    '9999-12-31',
    'NaN',
    'true',
    'null',
  ),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const oddNumbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, 2 ** 31, -(2 ** 31) - 1),
);
const leaf: fc.Arbitrary<unknown> = fc.oneof(oddStrings, oddNumbers, fc.boolean(), fc.constant(null));
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body built from the schema's own field names (so validation goes past the first field) and extras. */
const bodyFor = (op: Operation) => {
  const props = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const known = props.length
    ? fc.dictionary(fc.constantFrom(...props), jsonValue, { maxKeys: props.length })
    : fc.constant({});
  return fc.oneof(
    known,
    fc
      .tuple(known, fc.dictionary(fc.string({ minLength: 1 }), jsonValue, { maxKeys: 3 }))
      .map(([a, b]) => ({ ...b, ...a })),
    jsonValue,
  );
};

const queryFor = (op: Operation) => {
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const key = names.length
    ? fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 10 }))
    : fc.string({ minLength: 1, maxLength: 10 });
  return fc.dictionary(key, fc.oneof(oddStrings, oddNumbers.map(String)), { maxKeys: 4 });
};

const pathParam = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    '00000000-0000-4000-8000-000000000000',
    'not-an-id',
    '0',
    '-1',
    '%E2%82',
    '..',
    'a'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 40 }),
);

const malformed = fc.constantFrom(
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  '\u0000',
  '"\\uD800"',
  '{"__proto__":{"x":1}}',
);

function requestFor(op: Operation) {
  return fc.record({
    who: fc.constantFrom<'anonymous' | 'teacher' | 'admin'>('anonymous', 'teacher', 'admin', 'admin'),
    params: fc.array(pathParam, { minLength: 5, maxLength: 5 }),
    query: queryFor(op),
    body:
      op.method === 'GET' || op.method === 'DELETE'
        ? fc.constant(undefined)
        : fc.oneof(
            bodyFor(op),
            malformed.map((raw) => ({ raw })),
          ),
  });
}

function urlOf(op: Operation, params: string[], query: Record<string, string | number>) {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++ % params.length]));
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}

describe('fuzzing every route from its OpenAPI schema', () => {
  it('covers the routes it should', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.some((o) => o.path === '/api/attendance/check-in')).toBe(true);
  });

  it('never answers 5xx, and every error is { statusCode, error, message }', async () => {
    const seen = new Map<number, number>();
    for (const op of operations) {
      if (SKIP.has(`${op.method} ${op.path}`)) continue;
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ who, params, query, body }) => {
          const headers: Record<string, string> =
            who === 'anonymous' ? {} : who === 'teacher' ? { ...teacher.auth } : { ...admin.auth };
          let payload: string | undefined;
          if (body !== undefined) {
            headers['content-type'] = 'application/json';
            payload =
              body && typeof body === 'object' && 'raw' in body && typeof body.raw === 'string'
                ? body.raw
                : JSON.stringify(body);
          }
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: urlOf(op, params, query),
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          const where = `${op.method} ${op.path} as ${who} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = res.json() as Record<string, unknown>;
            expect(Object.keys(parsed).sort(), where).toEqual(['error', 'message', 'statusCode']);
            expect(parsed.statusCode, where).toBe(res.statusCode);
            expect(typeof parsed.message === 'string' && parsed.message.length > 0, where).toBe(true);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // The fuzzing reached past validation at least sometimes (not only 400s and 401s).
    const statuses = [...seen.keys()];
    expect(statuses.some((s) => s < 300)).toBe(true);
    expect(statuses).toContain(403);
    expect(statuses).toContain(404);
  }, 600_000);
});
