import type { FastifyBaseLogger } from 'fastify';
import { testConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import type { Clock } from '../lib/service-deps.ts';
import type { AuditTrail, Effects, Notifier } from '../modules/effects.ts';
import type { FileStore } from '../lib/storage.ts';

/**
 * Fakes for a service's unit test (decision 0034): no database, no app. A service is built with its
 * factory from these and a fake repository holding only the functions the test needs.
 */

/**
 * A repository of only the functions given; any other one the service calls fails the test by name,
 * so a test never passes because an unfaked lookup quietly answered nothing.
 */
export function fakeRepo<R extends object>(functions: Partial<R>): R {
  return new Proxy(functions, {
    get(target, name) {
      if (name in target) return target[name as keyof typeof target];
      if (typeof name === 'symbol' || name === 'then') return undefined;
      throw new Error(`the fake repository has no ${name}`);
    },
  }) as R;
}

/** The handle a fake repository is given; it runs a transaction's work at once, on itself. */
export interface FakeDb {
  db: Db;
  /** How many transactions the service opened. */
  transactions: () => number;
}

export function fakeDb(): FakeDb {
  let count = 0;
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      count++;
      return work(db);
    },
  };
  return { db: db as unknown as Db, transactions: () => count };
}

/** A clock stopped at `iso`; `set` moves it. */
export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    set(next: string) {
      now = new Date(next);
    },
  };
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  changes?: object;
}

export interface Notice {
  userId: string;
  type: string;
  title: string;
  message: string;
}

/** The audit trail and the inbox as lists the test reads. */
export function recordedEffects(clock: Clock): Effects & { audited: AuditEntry[]; notified: Notice[] } {
  const audited: AuditEntry[] = [];
  const notified: Notice[] = [];
  const audit: AuditTrail = {
    audit: async (_db, _who, action, entity, entityId, changes) => {
      audited.push({ action, entity, entityId, changes });
    },
    auditEach: async (_db, _who, action, entity, entries) => {
      for (const e of entries) audited.push({ action, entity, entityId: e.entityId, changes: e.changes });
    },
  };
  const notify: Notifier = {
    notify: async (_db, userId, type, title, message) => {
      notified.push({ userId, type, title, message });
    },
    notifyEach: async (_db, items) => {
      notified.push(...items);
    },
  };
  return { clock, audit, notify, audited, notified };
}

/** A mailer that keeps what it sent, or fails when told to. */
export function fakeMailer(): Mailer & { sent: MailMessage[]; failWith?: Error } {
  const mailer: Mailer & { sent: MailMessage[]; failWith?: Error } = {
    sent: [],
    async send(message) {
      if (mailer.failWith) throw mailer.failWith;
      mailer.sent.push(message);
    },
  };
  return mailer;
}

/** A logger that keeps its error lines. */
export function fakeLog(): FastifyBaseLogger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  const noop = () => undefined;
  const log = {
    errors,
    level: 'info',
    fatal: noop,
    error: (...args: unknown[]) => {
      errors.push(args);
    },
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { errors: unknown[][] };
}

/**
 * What a service's unit test builds it from: every handle a service may take, faked, and the effects
 * recorded on `clock`; beside them the fakes a test reads. A factory takes the handles its service needs
 * (`createGiftsService({ ...handles, repo })`).
 */
export function unitHandles(clock: Clock, config: Config = unitConfig()) {
  const db = fakeDb();
  const effects = recordedEffects(clock);
  const log = fakeLog();
  const mailer = fakeMailer();
  const handles = { db: db.db, config, log, mailer, storage: noStorage, ...effects };
  return { handles, db, effects, log, mailer };
}

/**
 * A repository's "no such row": the real ones read `const [row] = await …`, typed as always found, so a
 * fake answering nothing needs this to type.
 */
export const noRow = undefined as never;

/** A file store no unit test should reach. */
export const noStorage = fakeRepo<FileStore>({});

/** The organisation's settings of the API tests (Asia/Colombo, Monday to Friday). */
export const unitConfig = (overrides: Partial<Config> = {}): Config => testConfig(overrides);

export const teacher: Actor = {
  id: '00000000-0000-4000-8000-00000000000a',
  role: 'TEACHER',
  email: 'tara@example.org',
  firstName: 'Tara',
  lastName: 'Field',
};

export const otherTeacher: Actor = {
  id: '00000000-0000-4000-8000-00000000000b',
  role: 'TEACHER',
  email: 'omar@example.org',
  firstName: 'Omar',
  lastName: 'Other',
};

export const admin: Actor = {
  id: '00000000-0000-4000-8000-0000000000ad',
  role: 'ADMIN',
  email: 'admin@example.org',
  firstName: 'Ada',
  lastName: 'Admin',
};

/** The AppError a promise is refused with, to assert its status and message. */
export async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { statusCode: number; message: string };
  }
  throw new Error('expected the call to be refused');
}
