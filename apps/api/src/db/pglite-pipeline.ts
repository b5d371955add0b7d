/**
 * One call into PGlite's engine per statement (decision 0028).
 *
 * PGlite's `query` sends a statement's five protocol messages one call at a time (Parse, Describe of the
 * statement, Bind, Describe of the portal and Execute, then Sync), each a round trip into the engine:
 * it describes the statement first to learn its parameters' types and serialize each value for its type.
 * Here the parameters are serialized by their JavaScript type, as node-postgres does (its
 * `prepareValue`), so the whole statement goes in one call, as a client on a socket sends it. The
 * parameters' types are still PostgreSQL's to infer, as before; the values are the text node-postgres
 * sends, which is what the application sends on a real PostgreSQL server too.
 *
 * Applied to an instance (the inline database and the worker thread's), it replaces `query` and the
 * `query` of each transaction; the locks taken are PGlite's own, in its own order. A PGlite whose
 * internals are not the ones relied on here, or a call with options this path does not handle, keeps
 * PGlite's own `query`.
 */
import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

const { serialize } = protocol;

/** The parts of PGlite's own `query` used here (public in JavaScript, `protected` in its types). */
interface Internals {
  _checkReady(): Promise<void>;
  /** Held by `query`, `exec` and a whole transaction: one of them at a time. */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Held by each statement. */
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

type Query = <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

function internalsOf(pg: PGlite): Internals | undefined {
  const i = pg as unknown as Partial<Internals>;
  return typeof i._checkReady === 'function' &&
    typeof i._runExclusiveTransaction === 'function' &&
    typeof i._runExclusiveQuery === 'function'
    ? (i as Internals)
    : undefined;
}

/** The options this path handles: the rows' form, parsers by type and the parameters' types. */
const HANDLED = new Set(['rowMode', 'parsers', 'paramTypes']);
const handled = (options: QueryOptions | undefined) =>
  !options || Object.entries(options).every(([name, value]) => value === undefined || HANDLED.has(name));

/** One statement in one call; `outsideTransaction`: written to the file system after, as PGlite does. */
async function runStatement<T>(
  pg: PGlite,
  internals: Internals,
  sql: string,
  params: unknown[],
  options: QueryOptions | undefined,
  outsideTransaction: boolean,
): Promise<Results<T>> {
  return internals._runExclusiveQuery(async () => {
    const values = params.map((v) => pgUtils.prepareValue(v));
    const message = Buffer.concat([
      serialize.parse({ text: sql, types: options?.paramTypes ?? [] }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    let answers: messages.BackendMessage[];
    try {
      answers = await pg.execProtocolStream(message, { syncToFs: false });
    } catch (err) {
      // As PGlite's own query: a database error names the statement it came from.
      if (err instanceof messages.DatabaseError) {
        Object.assign(err, { query: sql, params, queryOptions: options });
      }
      throw err;
    }
    if (outsideTransaction) await pg.syncToFs();
    return parse.parseResults(answers, pg.parsers, options)[0] as Results<T>;
  });
}

/** Makes `pg.query`, and each transaction's `query`, send a statement in one call (see above). */
export function pipelineQueries(pg: PGlite): void {
  const internals = internalsOf(pg);
  if (!internals) return;
  const ownQuery: Query = pg.query.bind(pg);
  pg.query = (async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!handled(options)) return ownQuery<T>(sql, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      runStatement<T>(pg, internals, sql, params, options, true),
    );
  }) as PGlite['query'];

  const ownTransaction = pg.transaction.bind(pg);
  pg.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    ownTransaction((tx) => {
      const txQuery: Query = tx.query.bind(tx);
      tx.query = (async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        // A closed transaction's own query says so.
        if (tx.closed || !handled(options)) return txQuery<R>(sql, params, options);
        return runStatement<R>(pg, internals, sql, params, options, false);
      }) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}
