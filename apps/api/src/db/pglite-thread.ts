/**
 * The embedded database in a worker thread of its own (started by pglite-worker.ts): owns the PGlite
 * instance and answers the main thread's calls over the worker's port, so queries run beside the
 * server's request handling instead of on its thread.
 *
 * Calls (all answered by `id`): query, exec, begin / end (commit or rollback) of a transaction by its
 * number, and close. A query or exec with `tx` runs inside that transaction; without, it waits for
 * PGlite's own mutex like any other call (so for an open transaction, as in the same thread).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pipelineQueries } from './pglite-pipeline.ts';
import { snapshotOf } from './pglite-snapshot.ts';
import { serializeError, type Answer, type Call, type WorkerOptions } from './pglite-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread (see pglite-worker.ts)');

const options = workerData as WorkerOptions;
const pg = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
pipelineQueries(pg);

/**
 * When the call being answered first reached the database: everything before that is waiting (for
 * PGlite's mutex, behind other calls), which the main thread leaves out of the request's database time.
 */
const call = new AsyncLocalStorage<{ firstProtocolAt?: number }>();
const execProtocolRaw = pg.execProtocolRaw.bind(pg);
pg.execProtocolRaw = (...args) => {
  const store = call.getStore();
  if (store && store.firstProtocolAt === undefined) store.firstProtocolAt = performance.now();
  return execProtocolRaw(...args);
};

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: commit when true, roll back when false. */
  finish: (commit: boolean) => void;
  /** Settles once PGlite has committed or rolled back. */
  settled: Promise<unknown>;
}
const transactions = new Map<number, OpenTransaction>();
/** Thrown out of the transaction's callback to make PGlite roll back; not an error of the call. */
const ROLLBACK = Symbol('rollback');

const identity = (value: unknown) => value;
const rawParsers = (oids: number[]) => Object.fromEntries(oids.map((oid) => [oid, identity]));

function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`PGlite worker: no open transaction ${tx}`);
  return open.tx;
}

async function answer(msg: Call): Promise<unknown> {
  switch (msg.op) {
    case 'query':
      return target(msg.tx).query(msg.sql, msg.params, {
        rowMode: msg.rowMode,
        parsers: rawParsers(msg.rawOids),
        ...(msg.paramTypes ? { paramTypes: msg.paramTypes } : {}),
      });
    case 'exec':
      return target(msg.tx).exec(msg.sql);
    case 'begin':
      return begin(msg.tx);
    case 'end': {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error(`PGlite worker: no open transaction ${msg.tx}`);
      open.finish(msg.commit);
      await open.settled;
      return undefined;
    }
    case 'snapshot':
      return snapshotOf(pg);
    case 'close':
      await pg.close();
      return undefined;
  }
}

/** Resolves once BEGIN has run; the transaction then stays open until its `end` call. */
function begin(id: number): Promise<void> {
  return new Promise<void>((began, failed) => {
    let started = false;
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (finish = resolve));
    const settled = pg
      .transaction(async (tx) => {
        started = true;
        transactions.set(id, { tx, finish, settled });
        began();
        if (!(await ended)) throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => transactions.delete(id));
    // BEGIN itself failed (the callback never ran): the begin call fails. Later failures (COMMIT) are
    // the end call's, which awaits `settled`.
    settled.catch((err: unknown) => {
      if (!started) failed(err);
    });
  });
}

port.on('message', (msg: Call) => {
  const receivedAt = performance.now();
  const store: { firstProtocolAt?: number } = {};
  void call.run(store, async () => {
    let reply: Answer;
    try {
      const result = await answer(msg);
      reply = { id: msg.id, ok: true, result, waitMs: waited() };
    } catch (err) {
      reply = { id: msg.id, ok: false, error: serializeError(err), waitMs: waited() };
    }
    try {
      // A snapshot's bytes are moved to the main thread rather than copied.
      const moved = reply.ok && reply.result instanceof ArrayBuffer ? [reply.result] : [];
      port.postMessage(reply, moved);
    } catch (err) {
      // A value that cannot cross threads (none of PGlite's results should be one): the call fails.
      port.postMessage({ id: msg.id, ok: false, error: serializeError(err), waitMs: reply.waitMs });
    }
    if (msg.op === 'close' && reply.ok) port.close();
  });
  function waited() {
    return store.firstProtocolAt === undefined ? 0 : Math.max(0, store.firstProtocolAt - receivedAt);
  }
});

pg.waitReady.then(
  () => port.postMessage({ ready: true }),
  (err: unknown) => port.postMessage({ ready: false, error: serializeError(err) }),
);
