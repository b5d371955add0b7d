/**
 * The embedded database in a worker thread (pglite-thread.ts), seen from the main thread: the part of
 * PGlite's surface that drizzle-orm's pglite driver and migrator use (`query`, `transaction`, whose
 * handle has `query`), plus `exec`, `waitReady` and `close`, so `drizzle(proxy)` works unchanged while
 * the queries run beside the server's own work instead of on its thread.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  deserializeError,
  type Answer,
  type Call,
  type Ready,
  type WorkerOptions,
} from './pglite-protocol.ts';
import { dbTiming, type DbTiming } from './timing.ts';

type CallBody = Call extends infer C ? (C extends Call ? Omit<C, 'id'> : never) : never;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
  /** The request the call was made for (Server-Timing), if any. */
  tally: DbTiming | undefined;
  sentAt: number;
}

/** What a transaction's callback gets: PGlite's transaction handle, as far as drizzle uses it. */
export type WorkerTransaction = Pick<Transaction, 'query' | 'exec' | 'closed'>;

/** A JavaScript entry that registers tsx in the worker, then loads pglite-thread.ts (see its comment). */
const threadEntry = new URL('./pglite-thread.mjs', import.meta.url);

export class PgliteWorker {
  /** Settles once PGlite has started in the worker (rejects if it could not). */
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTx = 1;
  /** Set once no call can be answered any more (the worker stopped, or close()): calls reject with it. */
  #gone: Error | undefined;
  #failed!: (reason: Error) => void;
  /** Settles with the reason if the worker stops other than by close() (a crash; terminate()). */
  readonly failed = new Promise<Error>((resolve) => (this.#failed = resolve));

  constructor(options: WorkerOptions = {}) {
    // No inherited Node options: the parent's tsx flags (under `npm start`) do nothing in a worker on
    // Node 20, and the entry registers tsx itself.
    this.#worker = new Worker(threadEntry, { workerData: options, execArgv: [] });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onReady = (msg: Ready) => {
        this.#worker.off('error', onEarlyFailure);
        this.#worker.off('exit', onEarlyFailure);
        if (msg.ready) {
          this.#worker.on('message', (answer: Answer) => this.#settle(answer));
          this.#worker.unref();
          resolve();
        } else {
          const err = deserializeError(msg.error);
          this.#stop(err);
          reject(err);
        }
      };
      const onEarlyFailure = (err: unknown) => {
        this.#worker.off('message', onReady);
        const error =
          err instanceof Error
            ? err
            : new Error(`The PGlite worker exited with code ${String(err)} before it was ready`);
        this.#stop(error);
        reject(error);
      };
      this.#worker.once('message', onReady);
      this.#worker.once('error', onEarlyFailure);
      this.#worker.once('exit', onEarlyFailure);
    });
    this.waitReady.catch(() => undefined);
    // Once running: an error outside a call, or an exit that close() did not ask for, fails every call
    // pending and every later one at once (the health check then fails instead of hanging).
    this.#worker.on('error', (err) => this.#stop(err));
    this.#worker.on('messageerror', (err) => this.#stop(err));
    this.#worker.on('exit', (code) => this.#stop(new Error(`exited with code ${code}`)));
  }

  /** Opens PGlite in a new worker and waits until it is ready. */
  static async open(options: WorkerOptions = {}): Promise<PgliteWorker> {
    const proxy = new PgliteWorker(options);
    await proxy.waitReady;
    return proxy;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /**
   * Runs `fn` inside a transaction held open in the worker: its handle's queries run in it; when `fn`
   * resolves the worker commits, when it throws the worker rolls back and the same error is rethrown.
   * Other calls meanwhile wait for PGlite's mutex, as they do in the same thread. Savepoints (drizzle's
   * nested transactions) are plain statements on the handle.
   */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    await this.#call({ op: 'begin', tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(id, sql, params, options);
      },
      exec: async (sql: string) => {
        open();
        return (await this.#call({ op: 'exec', tx: id, sql })) as Results[];
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** A snapshot of the database: a gzipped tarball taken between transactions (pglite-snapshot.ts). */
  async snapshot(): Promise<Uint8Array> {
    return new Uint8Array((await this.#call({ op: 'snapshot' })) as ArrayBuffer);
  }

  /** Closes PGlite in the worker (which writes it to its folder), then ends the worker. */
  async close(): Promise<void> {
    if (!this.#gone) {
      try {
        await this.#call({ op: 'close' });
      } finally {
        this.#stop(new Error('The database is closed'), 'closed');
      }
    }
    await this.#worker.terminate();
  }

  /**
   * Ends the worker at once, without closing PGlite (what it has not written yet is lost): as if it had
   * crashed. Pending and later calls reject. For tests.
   */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Results<T>> {
    const { rowMode = 'object', parsers = {}, paramTypes, ...rest } = options;
    const unsupported = Object.entries(rest).filter(([, value]) => value !== undefined);
    if (unsupported.length) {
      throw new Error(`PGlite worker: unsupported query options ${unsupported.map(([k]) => k).join(', ')}`);
    }
    // Functions cannot cross threads: drizzle's parsers all keep the raw text, so their type OIDs go
    // over and the worker makes the same identity parsers again.
    const rawOids = Object.entries(parsers).map(([oid, parse]) => {
      if (parse('\u0000probe', Number(oid)) !== '\u0000probe') {
        throw new Error(`PGlite worker: the parser of type ${oid} must return its text unchanged`);
      }
      return Number(oid);
    });
    try {
      return (await this.#call({ op: 'query', tx, sql, params, rowMode, rawOids, paramTypes })) as Results<T>;
    } catch (err) {
      // As in the same thread: a database error carries the options it was called with.
      if (err instanceof Error && 'query' in err) Object.assign(err, { queryOptions: options });
      throw err;
    }
  }

  #call(body: CallBody): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, tally: dbTiming.getStore(), sentAt: performance.now() });
      // The worker keeps the process alive only while a call waits for it (as PGlite in this thread
      // does not at all): a script that forgets close() still ends.
      if (this.#pending.size === 1) this.#worker.ref();
      try {
        this.#worker.postMessage({ ...body, id } satisfies Call);
      } catch (err) {
        this.#forget(id);
        reject(err as Error);
      }
    });
  }

  #settle(answer: Answer) {
    const pending = this.#forget(answer.id);
    if (!pending) return;
    // The request's database time: from sending the call to its answer, less the time the worker saw
    // it wait before reaching the database (PGlite's mutex, calls ahead of it), as in the same thread,
    // where waiting for the single connection is not counted either. Passing the call and its answer
    // between threads is counted.
    if (pending.tally) {
      pending.tally.ms += Math.max(0, performance.now() - pending.sentAt - answer.waitMs);
    }
    if (answer.ok) pending.resolve(answer.result);
    else pending.reject(deserializeError(answer.error));
  }

  #forget(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (!this.#pending.size) this.#worker.unref();
    return pending;
  }

  #stop(reason: Error, how: 'closed' | 'failed' = 'failed') {
    if (this.#gone) return;
    this.#gone =
      how === 'closed'
        ? reason
        : new Error(`The embedded database's worker thread stopped: ${reason.message}`, { cause: reason });
    for (const [id, pending] of this.#pending) {
      this.#forget(id);
      pending.reject(this.#gone);
    }
    if (how === 'failed') this.#failed(this.#gone);
  }
}
