import type { GrowthSeries, StudentDetail } from '@csp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { isRecordMissing as isStudentMissing } from '../../../lib/record-query.ts';
import { studentKeys, studentsApi } from '../../students/api/students.api.ts';

/** Query keys of a student's growth series (the growth charts). */
export const growthSeriesKeys = {
  all: ['growth-series'] as const,
  series: (studentId: string, stamp: string) => [...growthSeriesKeys.all, studentId, stamp] as const,
};

export const growthSeriesApi = {
  /** GET /api/measurements/growth/{studentId}: the measurements with their scores and the WHO curves. */
  get: (studentId: string) =>
    api.get<GrowthSeries>(`/measurements/growth/${encodeURIComponent(studentId)}`).then((r) => r.data),
};

/**
 * What the series follows on the student's record: any change to the student (sex, date of birth, a
 * birth) moves `updatedAt`, and the list of measurements changes when one is recorded or deleted.
 */
export const growthStamp = (student: Pick<StudentDetail, 'updatedAt' | 'measurements'>) =>
  `${student.updatedAt}|${student.measurements.map((m) => m.id).join(',')}`;

/**
 * A student's growth series. Its key carries a stamp of the student's record as the page holds it, so
 * when a change on the page (the Baby Born dialog, an edit) or a refetch after a new measurement
 * changes the record, the charts load again; the previous charts stay on screen meanwhile. Silent:
 * the card shows the error with a retry.
 */
export function useGrowthSeriesQuery(studentId: string) {
  // The page's own student query, read from the cache (never fetched again from here).
  const stamp = useQuery({
    queryKey: studentKeys.detail(studentId),
    queryFn: () => studentsApi.get(studentId),
    select: growthStamp,
    refetchOnMount: false,
    retry: false,
    meta: { silent: true },
  }).data;
  return useQuery({
    queryKey: growthSeriesKeys.series(studentId, stamp ?? ''),
    queryFn: () => growthSeriesApi.get(studentId),
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 1 && !isStudentMissing(error),
    meta: { silent: true },
  });
}
