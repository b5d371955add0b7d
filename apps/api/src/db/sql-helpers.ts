import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Small SQL pieces shared by several repositories.
 *
 * Advisory-lock keys live here, in one list, so two features can never pick the same number by accident.
 */
export const ADVISORY_LOCKS = {
  /** Serialises migrations when several API instances start at once. */
  migrations: 727_001,
  /** One instance runs the hourly category job. */
  categoryJob: 727_002,
  /**
   * The administrator roster: account creation from registrations (first-admin bootstrap) and every
   * demotion, deactivation or deletion of an administrator, one at a time, so the last active
   * administrator can never be removed by two concurrent requests.
   */
  adminRoster: 727_003,
  /** Setting the office location (and its first-time default): one change at a time. */
  officeLocation: 727_004,
  /** One instance sweeps stored files that no record points at. */
  fileSweep: 727_005,
  /** One instance rescores measurements written by an older growth computation. */
  growthJob: 727_006,
  /** One run at a time of the planner-statistics refresh (embedded PGlite has no autovacuum). */
  statistics: 727_007,
  /** One instance deletes the idempotency keys past their day. */
  idempotencySweep: 727_008,
  /**
   * Appending to the audit trail's hash chain, one transaction at a time, at its commit: taken by the
   * trigger of migration 0032 (the number is written there), never by the application.
   */
  auditChain: 727_009,
  /**
   * The pending registrations of one email (with the email's hash as the second key): a registration
   * that finds none live creates one, so two at once cannot both (auth.repo.ts).
   */
  pendingRegistration: 727_010,
} as const;

/** `text` as literal text in a LIKE/ILIKE pattern: its wildcards and escape character escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching `text` anywhere, with its wildcards escaped ("50%" means the text "50%"). */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

/** A LIKE pattern matching text that starts with `prefix` (a range of a text_pattern_ops index). */
export const startsWithPattern = (prefix: string) => `${likeLiteral(prefix)}%`;

/**
 * `column`, kept lower-cased (a `search_name`, an email), contains `text` in any letter case: what
 * `ILIKE` answers, with the pattern lower-cased once by PostgreSQL rather than both sides on every row.
 */
export const containsLowered = (column: SQL | AnyColumn, text: string): SQL =>
  sql`${column} like lower(${containsPattern(text)})`;

/**
 * The ids a statement answered as `array_to_string(ids, ',')`: undefined for null (a statement answers
 * null when there were too many to send back), none for ''.
 */
export const idList = (text: string | null): string[] | undefined =>
  text === null ? undefined : text === '' ? [] : text.split(',');

/**
 * `values` as one array parameter of the given element type (`$1::uuid[]`), for `= any(…)`: one
 * parameter however many values, which PostgreSQL plans for its actual values. Each element is quoted as
 * an array literal's element.
 */
export const arrayParam = (
  values: readonly (string | number)[],
  type: 'uuid' | 'int' | 'text' | 'review_status',
): SQL =>
  sql`${`{${values.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::${sql.raw(type)}[]`;

/**
 * For `.offset()` of a subquery: `offset 0`, which keeps the subquery apart from the query around it, so
 * PostgreSQL plans it on its own (its cheapest scan) rather than choosing a scan for the outer ORDER BY.
 * drizzle writes no clause for `.offset(0)` (it tests the number for truth), so the 0 goes in as SQL.
 */
export const OFFSET_ZERO_FENCE = sql`0` as unknown as number;

type AdvisoryLockKey = (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS];

/** Waits for the advisory lock `key`, held until the transaction ends. */
export async function advisoryXactLock(tx: DbOrTx, key: AdvisoryLockKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Takes the advisory lock `key` until the transaction ends, if no one holds it; false otherwise. */
export async function tryAdvisoryXactLock(tx: DbOrTx, key: AdvisoryLockKey): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return Boolean(result.rows[0]?.locked);
}
