import {
  AT_RISK_ANY,
  AT_RISK_CLASSIFICATIONS,
  AT_RISK_PAGE_SIZE,
  GROWTH_MESSAGES,
  isAtRisk,
  type AtRiskEntry,
  type atRiskQuerySchema,
  type GrowthDto,
  type GrowthSeries,
} from '@csp/contracts';
import { computeGrowth, referenceCurve, type CurvePoint, type Sex } from '@csp/contracts/growth';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { requireOwnTeacherId } from '../../lib/permissions.ts';
import { fetchPage, pageOf, type Paged } from '../../lib/paging.ts';
import type { Actor } from '../../lib/actor.ts';
import { bindDeps, type AppDeps } from '../../lib/service-deps.ts';
import * as repo from './growth.repo.ts';

/**
 * Growth monitoring (issue 12, decision 0012). The WHO z-scores of a measurement are stored with it and
 * recomputed for the student's whole series (the falling-weight warning compares each measurement with
 * the one before) in the transaction of any change that moves them: a measurement recorded, deleted or
 * restored, a date of birth or sex changed. Rows written by an older computation are redone by the
 * growth job (growth.jobs.ts).
 */

/** The computation's version; raise it when the scores' rules change, and the job rescores every row. */
export const GROWTH_VERSION = 1;

export interface GrowthStudent {
  sex: 'MALE' | 'FEMALE' | null;
  dateOfBirth: string | null;
  isPregnant: boolean;
}

export interface GrowthMeasurement {
  date: string;
  height: number;
  weight: number;
  position: 'LYING' | 'STANDING' | null;
}

/** One measurement's scores (a pregnant mother's measurements are hers, not a child's: none). */
export function growthOf(
  student: GrowthStudent,
  m: GrowthMeasurement,
  previousWaz: number | null,
): GrowthDto {
  if (student.isPregnant) {
    return {
      ageDays: null,
      waz: null,
      haz: null,
      whz: null,
      baz: null,
      flags: ['PREGNANT_MOTHER'],
      classifications: [],
    };
  }
  return computeGrowth({
    sex: student.sex,
    dateOfBirth: student.dateOfBirth,
    date: m.date,
    weightKg: m.weight,
    heightCm: m.height,
    position: m.position,
    previousWaz,
  });
}

/** The stored scores as the API answers them. */
export function storedGrowth(row: {
  ageDays: number | null;
  waz: number | null;
  haz: number | null;
  whz: number | null;
  baz: number | null;
  growthFlags: string[];
  growthClassifications: string[];
}): GrowthDto {
  return {
    ageDays: row.ageDays,
    waz: row.waz,
    haz: row.haz,
    whz: row.whz,
    baz: row.baz,
    flags: row.growthFlags as GrowthDto['flags'],
    classifications: row.growthClassifications as GrowthDto['classifications'],
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Rescores a student's live series, oldest first, and marks its latest measurement; writes only the
 * rows whose scores moved. The caller's transaction holds the student's row (or takes it here).
 */
export async function recomputeGrowth(tx: DbOrTx, studentId: string): Promise<void> {
  await recomputeGrowthOf(tx, [studentId]);
}

/**
 * recomputeGrowth for several students at once (the growth job's batches): the students, their series
 * and the writes each take one statement for the whole batch, not one per student.
 */
export async function recomputeGrowthOf(tx: DbOrTx, studentIds: string[]): Promise<void> {
  const found = await repo.lockStudentsForGrowth(tx, studentIds);
  if (found.length === 0) return;
  const ids = found.map((s) => s.id);
  const seriesOf = new Map<string, Awaited<ReturnType<typeof repo.liveSeriesOf>>>();
  for (const m of await repo.liveSeriesOf(tx, ids)) {
    const series = seriesOf.get(m.studentId);
    if (series) series.push(m);
    else seriesOf.set(m.studentId, [m]);
  }
  const changed: repo.StoredGrowth[] = [];
  for (const student of found) {
    const series = seriesOf.get(student.id) ?? [];
    let previousWaz: number | null = null;
    series.forEach((m, i) => {
      const g = growthOf(student, m, previousWaz);
      // The next measurement compares with this one's weight-for-age, unless it is implausible.
      previousWaz = g.flags.includes('WAZ_IMPLAUSIBLE') ? null : g.waz;
      const next: repo.StoredGrowth = {
        id: m.id,
        growthVersion: GROWTH_VERSION,
        ageDays: g.ageDays,
        waz: g.waz,
        haz: g.haz,
        whz: g.whz,
        baz: g.baz,
        growthFlags: g.flags,
        growthClassifications: g.classifications,
        isLatest: i === series.length - 1,
        atRisk: isAtRisk(g.classifications),
      };
      const same =
        m.growthVersion === next.growthVersion &&
        m.ageDays === next.ageDays &&
        m.waz === next.waz &&
        m.haz === next.haz &&
        m.whz === next.whz &&
        m.baz === next.baz &&
        sameList(m.growthFlags, next.growthFlags) &&
        sameList(m.growthClassifications, next.growthClassifications) &&
        m.isLatest === next.isLatest &&
        m.atRisk === next.atRisk;
      if (!same) changed.push(next);
    });
  }
  await repo.storeGrowth(tx, changed);
  await repo.settleDeleted(tx, ids, GROWTH_VERSION);
}

// --- Reads --------------------------------------------------------------------------------------------

/** The repository the reads are given (the real one in the app, a fake in a unit test). */
export type GrowthRepo = typeof repo;

export type GrowthDeps = Pick<AppDeps, 'db'> & { repo: GrowthRepo };

/** Why a child has no z-scores at all, or null when it can have some. */
function reasonWithout(student: GrowthStudent, latestAgeDays: number | null): string | null {
  if (student.isPregnant) return GROWTH_MESSAGES.pregnant;
  if (!student.sex) return GROWTH_MESSAGES.noSex;
  if (latestAgeDays !== null && latestAgeDays > 1826) return GROWTH_MESSAGES.over60Months;
  return null;
}

/** GET /api/measurements/growth/{studentId}: the series and the WHO curves of the charts. */
async function growthSeries(deps: GrowthDeps, actor: Actor, studentId: string): Promise<GrowthSeries> {
  const student = await deps.repo.studentForGrowthInScope(deps.db, actor, studentId);
  if (!student) throw notFound(GROWTH_MESSAGES.studentNotFound);
  const series = await deps.repo.liveSeries(deps.db, studentId);
  const points = series.map((m) => ({
    measurementId: m.id,
    date: m.date,
    height: m.height,
    weight: m.weight,
    position: m.position,
    ...(m.growthVersion === GROWTH_VERSION ? storedGrowth(m) : growthOf(student, m, null)),
  }));
  const latestAge = points.at(-1)?.ageDays ?? null;
  const reason = reasonWithout(student, latestAge);
  const sex = student.sex;
  const table = latestAge !== null && latestAge >= 731 ? 'height' : 'length';
  return {
    student: {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      sex,
      dateOfBirth: student.dateOfBirth,
    },
    reason,
    points,
    curves: sex && !student.isPregnant ? chartCurves(sex, table) : null,
  };
}

type ChartCurves = NonNullable<GrowthSeries['curves']>;
const chartCurvesCache = new Map<string, ChartCurves>();

/**
 * The charts' WHO reference curves for a sex and weight-for-length table. The standards never change
 * while the server runs, so each of the four combinations is computed once, not on every growth
 * series (recomputing them was a sixth of the call's CPU); frozen, as every answer shares them.
 */
function chartCurves(sex: Sex, table: 'length' | 'height'): ChartCurves {
  const key = `${sex}:${table}`;
  let curves = chartCurvesCache.get(key);
  if (!curves) {
    const frozen = (points: CurvePoint[]) => Object.freeze(points.map((p) => Object.freeze(p)));
    curves = Object.freeze({
      weightForAge: frozen(referenceCurve('wfa', sex)),
      lengthForAge: frozen(referenceCurve('lhfa', sex)),
      weightForLength: frozen(referenceCurve('wflh', sex, { table })),
      weightForLengthTable: table,
    }) as ChartCurves;
    chartCurvesCache.set(key, curves);
  }
  return curves;
}

type AtRiskQuery = z.output<typeof atRiskQuerySchema>;

/** GET /api/measurements/at-risk: the children in scope whose latest measurement puts them at risk. */
async function atRiskChildren(
  deps: GrowthDeps,
  actor: Actor,
  query: AtRiskQuery,
): Promise<Paged<AtRiskEntry>> {
  requireOwnTeacherId(actor, query.teacherId, 'Teachers can only see their own students');
  const filter: repo.AtRiskFilter = {
    classifications: query.condition ? AT_RISK_CLASSIFICATIONS[query.condition] : AT_RISK_ANY,
    teacherId: query.teacherId,
    search: query.search || undefined,
  };
  const page = pageOf(query, AT_RISK_PAGE_SIZE) ?? { offset: 0, limit: AT_RISK_PAGE_SIZE };
  const result = await fetchPage({
    page,
    rows: (p) => deps.repo.atRiskChildren(deps.db, actor, filter, p),
    count: () => deps.repo.countAtRiskChildren(deps.db, actor, filter),
  });
  return {
    total: result.total,
    items: result.items.map(({ student, teacher, measurement }) => ({
      id: student.id,
      studentId: student.studentId,
      firstName: student.firstName,
      lastName: student.lastName,
      assignedTeacher: teacher,
      measurement: { id: measurement.id, date: measurement.date, ...storedGrowth(measurement) },
    })),
  };
}

/**
 * The growth reads with their dependencies given once (decision 0034). The rescoring above stays a
 * plain export: other modules' transactions call it with their own tx.
 */
export function createGrowthService(deps: Pick<AppDeps, 'db'> & { repo?: GrowthRepo }) {
  const full: GrowthDeps = { repo, ...deps };
  return bindDeps(full, { growthSeries, atRiskChildren });
}
