import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { liveCounts } from './schema.ts';
import { arrayParam, startsWithPattern } from './sql-helpers.ts';

/**
 * The kinds counted in live_counts (migrations 0011, 0012, and 0019 for leave applications), per status
 * where the kind has one, and home visits beyond or within the location-warning distance
 * (home_visits:warnings, home_visits:normal), and per status and recording teacher
 * (home_visits:<status>:<teacher id>, 0025); live students per last-measured day (0016); leave
 * applications per month they start in and status, and their approved days (0023, read by leaves.repo.ts);
 * children at risk per set of classifications of their latest measurement (0027).
 */
export type LiveCountName =
  | 'activities'
  | 'measurements'
  | 'home_visits'
  | `home_visits:${string}`
  | 'gifts'
  | `gifts:${string}`
  | 'attendance'
  | `attendance:${string}`
  | 'leaves'
  | `leaves:${string}`
  | `${typeof LAST_MEASURED_PREFIX}${string}`;

/** Live students per last-measured day (migration 0016): `students:last:YYYY-MM-DD`, `students:last:never`. */
const LAST_MEASURED_PREFIX = 'students:last:';

/**
 * How many live records of a kind (whose student, or an attendance record's or application's teacher, is
 * live too) there are, as an SQL expression: one primary-key probe instead of a pass over the table, for
 * administrators' unfiltered lists and counters (docs/decisions/0013); 0 when nothing of the kind was
 * ever counted.
 */
export const liveCountSql = (name: LiveCountName) =>
  sql<number>`coalesce((select ${liveCounts.n} from ${liveCounts} where ${liveCounts.name} = ${name}), 0)::int`;

/** The same, read on its own. */
export async function liveCount(db: DbOrTx, name: LiveCountName): Promise<number> {
  const result = (await db.execute(sql`select ${liveCountSql(name)} as n`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

/**
 * Whether a list filter sets nothing but the given keys (so a live count answers its total). Anything
 * else set, or unknown, means the exact count.
 */
export function filtersOnly<F extends object>(filter: F, allowed: readonly (keyof F)[] = []): boolean {
  return Object.entries(filter).every(
    ([key, value]) => allowed.includes(key as keyof F) || value === undefined || value === false,
  );
}

/**
 * Live students per last-measured day as a subquery `per_day (last, n)`, `last` null for the never
 * measured: one row per day from live_counts (a few hundred) instead of a pass over every student.
 */
export function liveStudentsPerLastMeasuredDay(db: DbOrTx) {
  return db
    .select({
      last: sql<
        string | null
      >`nullif(substr(${liveCounts.name}, ${LAST_MEASURED_PREFIX.length + 1}), 'never')::date`.as('last'),
      n: sql<number>`${liveCounts.n}`.as('n'),
    })
    .from(liveCounts)
    .where(sql`${liveCounts.name} like ${startsWithPattern(LAST_MEASURED_PREFIX)} and ${liveCounts.n} <> 0`)
    .as('per_day');
}

/**
 * How many live students there are, as an SQL expression: the sum of the per-day rows (a few hundred)
 * instead of a pass over the students' index, whose cost grows with the programme.
 */
export const liveStudentsSql = () =>
  sql<number>`coalesce((select sum(${liveCounts.n}) from ${liveCounts}
    where ${liveCounts.name} like ${startsWithPattern(LAST_MEASURED_PREFIX)}), 0)::int`;

/** The same, read on its own. */
export async function liveStudents(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`select ${liveStudentsSql()} as n`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}

/** Live children at risk per set of classifications of their latest measurement (migration 0027). */
const AT_RISK_PREFIX = 'measurements:at_risk:';

/**
 * How many live children at risk there are (a live latest measurement at risk, of a live student), only
 * those whose latest measurement has one of `classifications` when given: the sum of the kept counts of
 * the sets of classifications that meet them (a few dozen names) instead of a pass over the children.
 */
export async function liveAtRiskChildren(db: DbOrTx, classifications?: readonly string[]): Promise<number> {
  const sets = sql`string_to_array(substr(${liveCounts.name}, ${AT_RISK_PREFIX.length + 1}), ',')`;
  const result = (await db.execute(sql`select coalesce(sum(${liveCounts.n}), 0)::int as n from ${liveCounts}
    where ${liveCounts.name} like ${startsWithPattern(AT_RISK_PREFIX)}
      ${classifications ? sql`and ${sets} && ${arrayParam(classifications, 'text')}` : sql``}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0].n);
}
