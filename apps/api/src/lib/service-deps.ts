import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { audit, auditEach } from '../modules/audit/audit.ts';
import { notify, notifyEach } from '../modules/notifications/notify.ts';
import type { Mailer } from './mailer.ts';
import type { FileStore } from './storage.ts';

/**
 * What the app gives a service (decision 0034): its handles, never the Fastify instance, so a unit
 * test can build a service from plain objects.
 */
export interface AppDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStore;
  mailer: Mailer;
}

/** The time a service reads: the real clock in the app, a fixed one in a unit test. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The audit trail's writes, passed in so a unit test records them instead of writing rows. */
export interface AuditTrail {
  audit: typeof audit;
  auditEach: typeof auditEach;
}

/** The inbox's writes, passed in for the same reason. */
export interface Notifier {
  notify: typeof notify;
  notifyEach: typeof notifyEach;
}

/** The collaborators every service may be given; the app uses these real ones. */
export interface Effects {
  clock: Clock;
  audit: AuditTrail;
  notify: Notifier;
}

export const realEffects: Effects = {
  clock: systemClock,
  audit: { audit, auditEach },
  notify: { notify, notifyEach },
};

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
