/**
 * The messages between the PGlite worker thread (pglite-thread.ts) and its proxy in the main thread
 * (pglite-worker.ts), and how errors cross between them (structured clone keeps an Error's message but
 * drops its class and its own fields, which callers read: `code`, `constraint`, …).
 */
import { messages, TransactionAbortedError } from '@electric-sql/pglite';

export interface WorkerOptions {
  /** Folder of the database; undefined: in memory. */
  dataDir?: string;
}

export type Call = { id: number } & (
  | {
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs whose values stay the raw text PostgreSQL sent (drizzle's identity parsers). */
      rawOids: number[];
      paramTypes?: number[];
    }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  /** A snapshot of the database (pglite-snapshot.ts), answered as an ArrayBuffer moved, not copied. */
  | { op: 'snapshot' }
  | { op: 'close' }
);

export type Answer = {
  id: number;
  /** Time in the worker before the call first reached the database (PGlite's mutex, other calls). */
  waitMs: number;
} & ({ ok: true; result: unknown } | { ok: false; error: SerializedError });

/** The worker's first message: PGlite is ready, or could not start. */
export type Ready = { ready: true } | { ready: false; error: SerializedError };

export interface SerializedError {
  kind: 'database' | 'aborted' | 'error';
  message: string;
  name: string;
  stack?: string;
  /** The error's own fields (code, constraint, detail, table, …), those that can cross threads. */
  fields: Record<string, unknown>;
  cause?: SerializedError;
}

const cloneable = (value: unknown) => {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
};

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) {
    return { kind: 'error', message: String(err), name: 'Error', fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // queryOptions holds the call's parser functions: the proxy puts the caller's own options back.
    if (key === 'queryOptions' || key === 'cause') continue;
    if (typeof value !== 'function' && cloneable(value)) fields[key] = value;
  }
  return {
    kind:
      err instanceof TransactionAbortedError
        ? 'aborted'
        : err instanceof messages.DatabaseError
          ? 'database'
          : 'error',
    message: err.message,
    name: err.name,
    stack: err.stack,
    fields,
    cause: err.cause === undefined ? undefined : serializeError(err.cause),
  };
}

/** The error again, of the same class (PGlite's DatabaseError for database errors) and with its fields. */
export function deserializeError(e: SerializedError): Error {
  const err =
    e.kind === 'aborted'
      ? new TransactionAbortedError()
      : e.kind === 'database'
        ? new messages.DatabaseError(e.message, 0, 'error')
        : new Error(e.message);
  Object.assign(err, e.fields);
  (err as { name: string }).name = e.name;
  if (e.cause) err.cause = deserializeError(e.cause);
  if (e.stack) err.stack = `${err.stack}\nIn the PGlite worker thread: ${e.stack}`;
  return err;
}
