import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineQueries } from './pglite-pipeline.ts';

// A statement in one call into PGlite's engine (decision 0028): the same answers and errors as PGlite's own
// query, in one protocol call instead of five.

let piped: PGlite;
let own: PGlite;
/** Calls into the engine of the pipelined instance. */
let calls = 0;

const setup = `
  create table sample (
    id int primary key, name text, flag boolean, big bigint, num numeric(10, 2), day date, at timestamptz,
    doc jsonb, bytes bytea, tags text[], ids uuid[]
  );
  insert into sample values
    (1, 'O''Brien “quoted”', true, 9007199254740993, 12.50, '2024-02-29', '2024-02-29 10:11:12.345+05:30',
     '{"b": [1, "x", null]}', '\\x00ff10', '{a,"b c"}', '{6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f}'),
    (2, null, null, null, null, null, null, null, null, null, null);
  create table item (id serial primary key, name text not null constraint item_name_key unique);
`;

beforeAll(async () => {
  [piped, own] = [new PGlite(), new PGlite()];
  pipelineQueries(piped);
  const engine = piped.execProtocolRaw.bind(piped);
  piped.execProtocolRaw = (...args) => {
    calls += 1;
    return engine(...args);
  };
  await Promise.all([piped.exec(setup), own.exec(setup)]);
});
afterAll(async () => {
  await piped?.close();
  await own?.close();
});

/** drizzle-orm's own options (pglite/session.js): dates, timestamps and intervals raw. */
const raw = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((oid) => [oid, (v: string) => v]),
);
const drizzleArray: QueryOptions = { rowMode: 'array', parsers: raw };
const drizzleObject: QueryOptions = { rowMode: 'object', parsers: raw };

describe('a statement in one call', () => {
  const cases: [string, string, unknown[], QueryOptions | undefined][] = [
    ['every type, drizzle array mode', 'select * from sample order by id', [], drizzleArray],
    ['every type, drizzle object mode', 'select * from sample order by id', [], drizzleObject],
    ['every type, PGlite parsing', 'select * from sample order by id', [], undefined],
    [
      'text, numbers, booleans and nulls as parameters',
      'select id from sample where name = $1 and id = $2 and flag = $3 and $4::text is null and $5::int is null',
      ['O’Brien “quoted”'.replace('’', "'"), 1, true, null, undefined],
      drizzleObject,
    ],
    [
      'a Date, an object, bytes and an array as parameters',
      'select $1::timestamptz as at, $2::jsonb as doc, $3::bytea as bytes, $4::text[] as tags, $5::numeric as n',
      [
        new Date('2024-02-29T04:41:12.345Z'),
        { k: [1, 'two', null], q: 'a "quote"' },
        new Uint8Array([0, 1, 255]),
        ['x', 'y z', 'q"uote', null],
        12.5,
      ],
      drizzleObject,
    ],
    ['a date from text', 'select id from sample where day = $1', ['2024-02-29'], drizzleArray],
    [
      'an array literal, as arrayParam sends it',
      'select id from sample where $1 = any(ids)',
      ['6f1c2a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f'],
      drizzleArray,
    ],
    ['the parameter types given', 'select $1 as n', ['7'], { ...drizzleObject, paramTypes: [types.INT4] }],
    ['an update', 'update sample set num = num where id = $1', [1], drizzleObject],
    ['no rows', 'select id from sample where id < 0', [], drizzleArray],
  ];

  it.each(cases)('%s: what PGlite’s own query answers', async (_label, text, params, options) => {
    const before = calls;
    const [mine, theirs] = [await piped.query(text, params, options), await own.query(text, params, options)];
    expect(calls - before).toBe(1);
    expect(mine).toEqual(theirs);
  });

  it('an error: the same fields, the statement named, and the next statement answers', async () => {
    const text = 'insert into item (name) values ($1)';
    await piped.query(text, ['twice']);
    await own.query(text, ['twice']);
    const [mine, theirs] = await Promise.all(
      [piped, own].map((pg) =>
        pg.query(text, ['twice']).then(
          () => undefined,
          (e: unknown) => e as Record<string, unknown>,
        ),
      ),
    );
    expect(mine).toBeInstanceOf(Error);
    for (const field of ['message', 'code', 'constraint', 'table', 'detail', 'severity', 'query', 'params']) {
      expect(mine?.[field], field).toEqual(theirs?.[field]);
    }
    expect(mine).toMatchObject({ code: '23505', constraint: 'item_name_key', query: text });
    // A statement that does not parse.
    await expect(piped.query('select from nowhere where', [])).rejects.toMatchObject({ code: '42601' });
    expect((await piped.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('statements of a transaction, one call each; committed, rolled back, then closed', async () => {
    await piped.transaction(async (tx) => {
      const before = calls;
      await tx.query('insert into item (name) values ($1)', ['committed']);
      await tx.query('insert into item (name) values ($1)', ['committed too']);
      expect(calls - before).toBe(2);
    });
    const boom = new Error('boom');
    let closedTx: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await expect(
      piped.transaction(async (tx) => {
        closedTx = tx;
        await tx.query('insert into item (name) values ($1)', ['rolled back']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    const names = (await piped.query<{ name: string }>('select name from item order by name')).rows.map(
      (r) => r.name,
    );
    expect(names).toEqual(expect.arrayContaining(['committed', 'committed too']));
    expect(names).not.toContain('rolled back');
    await expect(closedTx!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('a statement outside waits for an open transaction, as PGlite’s own query does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = piped.transaction(async (t) => {
      await t.query('insert into item (name) values ($1)', ['in the transaction']);
      order.push('transaction');
      await held;
    });
    const outside = piped.query('select count(*)::int as n from item where name = $1', [
      'in the transaction',
    ]);
    void outside.then(() => order.push('outside'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('released');
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction', 'released', 'outside']);
  });

  it('leaves options it does not handle to PGlite’s own query', async () => {
    const before = calls;
    const notices: unknown[] = [];
    await piped.query("do $$ begin raise notice 'hello'; end $$", [], { onNotice: (n) => notices.push(n) });
    expect(calls - before).toBeGreaterThan(1);
    expect(notices).toHaveLength(1);
  });

  it('leaves a PGlite without the internals it relies on as it is', () => {
    const query = async () => 'own';
    const odd = { query, transaction: query } as unknown as PGlite;
    pipelineQueries(odd);
    expect(odd.query).toBe(query);
  });
});
