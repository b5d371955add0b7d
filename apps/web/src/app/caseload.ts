import type { StudentDetail } from '@csp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { attendanceApi, attendanceKeys } from '../features/attendance/api/attendance.api.ts';
import {
  officeLocationApi,
  officeLocationKeys,
} from '../features/office-location/api/office-location.api.ts';
import {
  caseloadParams,
  STUDENTS_PAGE_SIZE,
  studentKeys,
  studentList,
  studentsApi,
} from '../features/students/api/students.api.ts';
import { leaveKeys, leaveList, leavesApi, LEAVES_PAGE_SIZE } from '../features/leaves/api/leaves.api.ts';
import {
  measurementKeys,
  measurementsApi,
  statusList,
} from '../features/measurements/api/measurements.api.ts';
import { organisationApi, organisationKeys } from '../lib/organisation.ts';
import { settingsApi, settingsKeys } from '../lib/settings.ts';

/** A kept answer younger than this is not asked for again when the app starts. */
const FRESH_MS = 30 * 60 * 1000;

/**
 * A student's kept page is fetched again when the list shows the student changed, else once a day:
 * the pages are most of what the caseload costs in mobile data, and each one the teacher opens is
 * read afresh anyway.
 */
const STUDENT_PAGE_FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Fetches, while online, what a teacher needs in the field and has not opened lately (issue 47, part
 * B): their students (the list as /students first shows it, and each student's page with its latest
 * activities, measurements and visits and the home location), today's attendance, their leaves, the
 * measurement status, the office location, the settings (the visit distance threshold) and the
 * organisation's day. The offline copy
 * (lib/offline-copy.ts) keeps them. Answers nothing; a failure leaves what was kept.
 */
export async function fetchCaseload(client: QueryClient, teacherId: string): Promise<void> {
  const fetch = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) =>
    client.prefetchQuery({ queryKey, queryFn, staleTime: FRESH_MS });
  const firstPage = { search: undefined, teacherId, category: undefined, page: 1, limit: STUDENTS_PAGE_SIZE };
  const everyone = caseloadParams(teacherId);
  const leavesFirstPage = { teacherId, page: 1, limit: LEAVES_PAGE_SIZE };
  await Promise.all([
    fetch(studentList.key(firstPage), () => studentList.fetch(firstPage)),
    fetch(attendanceKeys.today(), attendanceApi.today),
    fetch(officeLocationKeys.current(), officeLocationApi.current),
    fetch(settingsKeys.all, settingsApi.settings),
    fetch(organisationKeys.all, organisationApi.get),
    // Their leaves and the measurement status, as their pages first show them (no filter, page 1).
    fetch(leaveList.key(leavesFirstPage), () => leaveList.fetch(leavesFirstPage)),
    fetch(leaveKeys.summary({}, teacherId), () => leavesApi.summary({}, teacherId)),
    fetch(statusList.key({ page: 1 }), () => statusList.fetch({ page: 1 })),
    fetch(measurementKeys.statusSummary({}), () => measurementsApi.statusSummary({})),
  ]);
  // A teacher holds at most LIMITS.maxStudentsPerTeacher students: one page names them all (caseloadParams).
  const students = await client.fetchQuery({
    queryKey: studentList.key(everyone),
    queryFn: () => studentList.fetch(everyone),
    staleTime: FRESH_MS,
  });
  for (const student of students.items) {
    const key = studentKeys.detail(student.id);
    const kept = client.getQueryState<StudentDetail>(key);
    const unchanged =
      kept?.data?.updatedAt === student.updatedAt && kept.dataUpdatedAt > Date.now() - STUDENT_PAGE_FRESH_MS;
    if (unchanged) continue;
    // One at a time: a phone on a weak signal shares it with the page the teacher is using.
    await client.prefetchQuery({ queryKey: key, queryFn: () => studentsApi.get(student.id) });
  }
}
