import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/pg-errors.ts';
import { openDatabase, type Database } from './client.ts';
import { PgliteWorker } from './pglite-worker.ts';
import { dbTiming, newDbTiming } from './timing.ts';

// The proxy of pglite-worker.ts against the same database in this thread: same answers, same errors,
// same transactions. In memory, except the last test (close() writes to a folder).

let worker: PgliteWorker;
let inline: PGlite;

const setup = `
  create table sample (
    id int primary key, big bigint, num numeric(10, 2), day date, at timestamptz, stamp timestamp,
    span interval, doc json, docb jsonb, bytes bytea, tags text[], days date[], nums numeric[]
  );
  insert into sample values
    (1, 9007199254740993, 12.50, '2024-02-29', '2024-02-29 10:11:12.345+05:30', '2024-02-29 10:11:12',
     '1 day 02:00', '{"a": [1, "x", null]}', '{"b": {"c": true}}', '\\x00ff10', '{a,"b c"}',
     '{2024-01-01,2024-12-31}', '{1.5,2}'),
    (2, null, null, null, null, null, null, null, null, null, null, null, null);
  create table item (id serial primary key, name text not null constraint item_name_key unique);
`;

beforeAll(async () => {
  [worker, inline] = await Promise.all([
    PgliteWorker.open(),
    (async () => {
      const pg = new PGlite({ extensions: { pg_trgm } });
      await pg.waitReady;
      return pg;
    })(),
  ]);
  await Promise.all([worker.exec(setup), inline.exec(setup)]);
});
afterAll(async () => {
  await worker?.close();
  await inline?.close();
});

/** drizzle-orm's own options (pglite/session.js): dates, timestamps, intervals and their arrays raw. */
const raw = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
);
const drizzleArray: QueryOptions = { rowMode: 'array', parsers: raw };
const drizzleObject: QueryOptions = { rowMode: 'object', parsers: raw };

describe('answers', () => {
  const queries: [string, string, unknown[], QueryOptions | undefined][] = [
    ['every type, drizzle array mode', 'select * from sample order by id', [], drizzleArray],
    ['every type, drizzle object mode', 'select * from sample order by id', [], drizzleObject],
    ['every type, PGlite parsing (Dates)', 'select * from sample order by id', [], undefined],
    [
      'parameters',
      'select $1::int8 + 1 as n, $2::bytea as b, $3::jsonb as j, $4::text[] as t',
      ['41', new Uint8Array([1, 2, 3]), JSON.stringify({ k: [1, 2] }), ['x', 'y']],
      drizzleObject,
    ],
    ['an update', 'update sample set num = num where id = $1', [1], drizzleObject],
    ['no rows', 'select id from sample where id < 0', [], drizzleArray],
  ];
  it.each(queries)('%s: the same as in this thread', async (_label, text, params, options) => {
    const [viaWorker, here] = await Promise.all([
      worker.query(text, params, options),
      inline.query(text, params, options),
    ]);
    expect(viaWorker).toEqual(here);
    expect(Object.keys(viaWorker).sort()).toEqual(Object.keys(here).sort());
  });

  it('keeps dates as text when asked, Date objects otherwise; bigint, json, bytea and arrays as PGlite gives them', async () => {
    const asked = await worker.query<Record<string, unknown>>(
      'select * from sample where id = 1',
      [],
      drizzleObject,
    );
    const row = asked.rows[0];
    expect(row.day).toBe('2024-02-29');
    expect(row.at).toBe('2024-02-29 04:41:12.345+00');
    expect(row.days).toBe('{2024-01-01,2024-12-31}');
    expect(row.big).toBe(9007199254740993n);
    expect(row.num).toBe('12.50');
    expect(row.doc).toEqual({ a: [1, 'x', null] });
    expect(row.docb).toEqual({ b: { c: true } });
    expect(row.bytes).toEqual(new Uint8Array([0, 255, 16]));
    expect(row.tags).toEqual(['a', 'b c']);
    const parsed = await worker.query<Record<string, unknown>>('select day, at from sample where id = 1');
    expect(parsed.rows[0].day).toBeInstanceOf(Date);
    expect(parsed.rows[0].at).toEqual(new Date('2024-02-29T04:41:12.345Z'));
  });

  it('exec: the same as in this thread', async () => {
    const text = "select 1 as one; select 'two' as two";
    expect(await worker.exec(text)).toEqual(await inline.exec(text));
  });

  it('refuses parsers that would change values (they cannot cross threads)', async () => {
    await expect(
      worker.query('select 1', [], { parsers: { 23: (v: string) => Number(v) * 2 } }),
    ).rejects.toThrow(/must return its text unchanged/);
  });

  it("counts the call's time towards the request's database time", async () => {
    const tally = newDbTiming();
    await dbTiming.run(tally, () => worker.query('select pg_sleep(0.05)'));
    expect(tally.ms).toBeGreaterThanOrEqual(45);
  });
});

describe('through drizzle', () => {
  let database: Database;
  const names = async () =>
    (
      (await database.db.execute(sql`select name from item order by name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    // Migrations run through the proxy too.
    database = await openDatabase({ inMemory: true, pgliteThread: 'worker' });
    // One statement per call: drizzle prepares each.
    for (const statement of setup.split(/;\s*\n/).filter((s) => s.trim())) {
      await database.db.execute(sql.raw(statement));
    }
  });
  afterAll(() => database?.close());

  it('the same rows as drizzle on PGlite in this thread', async () => {
    const query = sql`select id, day, at, span, doc, bytes, days, nums, big from sample order by id`;
    const here = drizzle(inline);
    expect(await database.db.execute(query)).toEqual(await here.execute(query));
  });

  it('commits a transaction', async () => {
    const result = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item (name) values ('committed')`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await names()).toContain('committed');
  });

  it('rolls back a throwing transaction and rethrows the same error', async () => {
    const boom = new Error('boom');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into item (name) values ('rolled back')`);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await names()).not.toContain('rolled back');
  });

  it('rolls back a nested savepoint and keeps the outer work', async () => {
    const inner = new Error('inner');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item (name) values ('outer')`);
      await expect(
        tx.transaction(async (nested) => {
          await nested.execute(sql`insert into item (name) values ('inner')`);
          throw inner;
        }),
      ).rejects.toBe(inner);
      await tx.transaction(async (nested) => {
        await nested.execute(sql`insert into item (name) values ('inner kept')`);
      });
    });
    const now = await names();
    expect(now).toContain('outer');
    expect(now).toContain('inner kept');
    expect(now).not.toContain('inner');
  });

  it('a unique violation arrives with its code and constraint', async () => {
    await database.db.execute(sql`insert into item (name) values ('twice')`);
    const err = await database.db.execute(sql`insert into item (name) values ('twice')`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err, 'item_name_key')).toBe(true);
    const [direct, here] = await Promise.all(
      [worker, inline].map((client) =>
        client.query('insert into sample (id) values (1)', [], drizzleObject).then(
          () => undefined,
          (e: unknown) => e as Record<string, unknown>,
        ),
      ),
    );
    // Every field PGlite gives, with the same values (the stack differs: it says where each was caught).
    expect({ ...direct }).toEqual({ ...here });
    expect(Object.getPrototypeOf(direct)).toBe(Object.getPrototypeOf(here));
    expect(direct).toBeInstanceOf(Error);
    expect(direct).toMatchObject({
      message: 'duplicate key value violates unique constraint "sample_pkey"',
      code: '23505',
      constraint: 'sample_pkey',
      detail: 'Key (id)=(1) already exists.',
      table: 'sample',
      schema: 'public',
      severity: 'ERROR',
    });
    expect(isUniqueViolation(direct)).toBe(true);
  });

  it('a database error inside a transaction keeps its fields, and the transaction rolls back', async () => {
    const err = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into item (name) values ('before the error')`);
        await tx.execute(sql`select 1 / 0`);
      })
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string } },
      );
    expect(err?.cause?.code).toBe('22012');
    expect(await names()).not.toContain('before the error');
  });

  it('queries sent during a transaction wait for it, then see what it committed', async () => {
    let outside: Promise<string[]> | undefined;
    let settledEarly = false;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into item (name) values ('concurrent')`);
      outside = names();
      void outside.then(() => (settledEarly = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settledEarly).toBe(false);
    });
    expect(await outside).toContain('concurrent');
  });
});

describe('lifecycle', () => {
  it('after the worker has stopped, pending and later calls reject at once', async () => {
    const doomed = await PgliteWorker.open();
    const pending = doomed.query('select pg_sleep(5)');
    pending.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await doomed.terminate();
    // The 5 s sleep is not waited for: the pending call rejects as the worker stops (the test's own
    // time-out would end a hang).
    await expect(pending).rejects.toThrow(/worker thread stopped/);
    await expect(doomed.query('select 1')).rejects.toThrow(/worker thread stopped/);
    await expect(doomed.transaction(async () => 1)).rejects.toThrow(/worker thread stopped/);
    // The server exits on this (server.ts).
    expect((await doomed.failed).message).toMatch(/worker thread stopped/);
  });

  it('close() writes the database to its folder, where a fresh open finds it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-pglite-worker-'));
    try {
      const first = await PgliteWorker.open({ dataDir: dir });
      await first.exec("create table kept (v text); insert into kept values ('persisted')");
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/closed/);
      // A close() is not a failure.
      const settled = await Promise.race([first.failed, new Promise((r) => setTimeout(() => r('no'), 100))]);
      expect(settled).toBe('no');
      const again = await PgliteWorker.open({ dataDir: dir });
      try {
        expect((await again.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'persisted' }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
