import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Mailer } from './mailer.ts';
import type { FileStore } from './storage.ts';

/**
 * What the app gives a service (decision 0034): its handles, never the Fastify instance, so a unit
 * test can build a service from plain objects.
 */
export interface AppDeps {
  db: Db;
  /** The database handle itself, for what is not a query (its snapshots for the backups). */
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStore;
  mailer: Mailer;
}

/** The time a service reads: the real clock in the app, a fixed one in a unit test. */
export interface Clock {
  now(): Date;
}

/** Through `Date.now`, so the time is the same one the rest of the app (and a test faking it) reads. */
export const systemClock: Clock = { now: () => new Date(Date.now()) };

/** A service's operations with their `deps` argument already given. */
export type Bound<D, F> = {
  [K in keyof F]: F[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * A service built from operations that each take `deps` first: the factory binds them once, so routes
 * call `services.gifts.updateGift(actor, …)` and a test builds the same object with fakes.
 */
export function bindDeps<D, F extends Record<string, (deps: D, ...args: never[]) => unknown>>(
  deps: D,
  operations: F,
): Bound<D, F> {
  return Object.fromEntries(
    Object.entries(operations).map(([name, op]) => [name, (...args: never[]) => op(deps, ...args)]),
  ) as Bound<D, F>;
}
