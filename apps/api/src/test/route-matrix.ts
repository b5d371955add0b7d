import { addDays, todayIn } from '@csp/contracts';

/**
 * Who may call what: every route of the OpenAPI document × anonymous, teacher B (acting on teacher A's
 * records), teacher A (the owner) and an administrator → the status each must get. `route-matrix.test.ts`
 * runs every row against a fresh little world per role and fails when a route has no row here.
 *
 * A cell is a status, or a list of statuses when the answer depends on what the shared database holds
 * (e.g. initialize-default answers 409 once any office location exists).
 */
export type Cell = number | readonly number[];

export interface World {
  teacherA: { id: string; email: string };
  teacherB: { id: string; email: string };
  studentCode: string;
  ids: {
    student: string;
    activity: string;
    measurement: string;
    visit: string;
    gift: string;
    leave: string;
    attendance: string;
    notification: string;
    file: string;
    deletedUser: string;
    deletedStudent: string;
    deletedActivity: string;
    deletedMeasurement: string;
    deletedVisit: string;
  };
}

export interface Row {
  anonymous: Cell;
  teacherB: Cell;
  teacherA: Cell;
  admin: Cell;
  /** The path's `{param}` values (default: by the route's resource). */
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
}

const today = () => todayIn('Asia/Colombo');
let n = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${++n}@matrix.test`;

/** Every signed-in role gets the same answer. */
const all = (status: Cell, extra: Partial<Row> = {}): Row => ({
  anonymous: 401,
  teacherB: status,
  teacherA: status,
  admin: status,
  ...extra,
});
/** Administrators only. */
const adminOnly = (status: Cell = 200, extra: Partial<Row> = {}): Row => ({
  anonymous: 401,
  teacherB: 403,
  teacherA: 403,
  admin: status,
  ...extra,
});
/** A's own record: B cannot see it (404 — records outside a teacher's scope do not exist for them). */
const ownRecord = (a: Cell, admin: Cell, extra: Partial<Row> = {}): Row => ({
  anonymous: 401,
  teacherB: 404,
  teacherA: a,
  admin,
  ...extra,
});
const publicRoute = (status: Cell, extra: Partial<Row> = {}): Row => ({
  anonymous: status,
  teacherB: status,
  teacherA: status,
  admin: status,
  ...extra,
});

export const ROUTE_MATRIX: Record<string, Row> = {
  'GET /api/health': publicRoute(200),
  'GET /api/organisation': all(200),
  'GET /api/audit/': adminOnly(),
  'GET /api/audit/chain': adminOnly(),
  'GET /api/backups/': adminOnly(),
  'GET /api/files/{id}': publicRoute(403),

  // Sign-in and accounts
  'POST /api/auth/login': publicRoute(200, {
    body: (w) => ({ email: w.teacherA.email, password: 'secret123' }),
  }),
  'POST /api/auth/register': publicRoute(200, {
    body: () => ({
      firstName: 'Mat',
      lastName: 'Rix',
      email: unique('reg'),
      role: 'TEACHER',
      password: 'secret123',
    }),
  }),
  'POST /api/auth/verify-otp': publicRoute(400, {
    body: (w) => ({
      email: w.teacherA.email,
      otp: '000000',
      tempData: { registrationId: '00000000-0000-4000-8000-000000000000' },
    }),
  }),
  'POST /api/auth/forgot-password': publicRoute(200, { body: (w) => ({ email: w.teacherA.email }) }),
  'POST /api/auth/reset-password': publicRoute(400, {
    body: (w) => ({ email: w.teacherA.email, otp: '000000', newPassword: 'secret456' }),
  }),
  'GET /api/auth/policy': publicRoute(200),
  'POST /api/auth/logout': all(200),
  'GET /api/auth/profile': all(200),
  'PATCH /api/auth/profile': all(200, { body: () => ({ firstName: 'Renamed' }) }),
  'PATCH /api/auth/change-password': all(200, {
    body: () => ({ currentPassword: 'secret123', newPassword: 'secret456' }),
  }),

  // Users
  'GET /api/users': adminOnly(),
  'POST /api/users': adminOnly(201, {
    body: () => ({
      firstName: 'New',
      lastName: 'User',
      email: unique('user'),
      role: 'TEACHER',
      password: 'secret123',
    }),
  }),
  'GET /api/users/{id}': adminOnly(),
  'PATCH /api/users/{id}': adminOnly(200, { body: () => ({ firstName: 'Changed' }) }),
  'DELETE /api/users/{id}': adminOnly(200),
  'POST /api/users/{id}/profile-picture': { anonymous: 401, teacherB: 403, teacherA: 415, admin: 415 },
  'DELETE /api/users/{id}/profile-picture': { anonymous: 401, teacherB: 403, teacherA: 200, admin: 200 },

  // Notifications (each person's own inbox: an admin does not see a teacher's)
  'GET /api/notifications': all(200),
  'GET /api/notifications/counts': all(200),
  'PATCH /api/notifications/{id}/read': ownRecord(200, 404),
  'POST /api/notifications/mark-all-read': all(200),
  'DELETE /api/notifications/{id}': ownRecord(200, 404),

  // Students
  'GET /api/students': all(200),
  'POST /api/students': adminOnly(201, {
    body: () => ({
      studentId: `MX-${Date.now()}-${++n}`,
      firstName: 'Nila',
      lastName: 'Perera',
      dateOfBirth: addDays(today(), -4 * 365),
      category: 'CENTER_BASE',
    }),
  }),
  'GET /api/students/{id}': ownRecord(200, 200),
  // A teacher edits their own students (not their teacher or ID); another teacher's do not exist for them.
  'PATCH /api/students/{id}': ownRecord(200, 200, { body: () => ({ firstName: 'Renamed' }) }),
  'DELETE /api/students/{id}': adminOnly(200),
  'GET /api/dashboard/stats': all(200),

  // Measurements
  'GET /api/measurements/status/all': all(200),
  'GET /api/measurements/status/summary': all(200),
  'GET /api/measurements': all(200),
  'POST /api/measurements': ownRecord(201, 201, {
    body: (w) => ({ studentId: w.ids.student, height: 90, weight: 13, date: today() }),
  }),
  'GET /api/measurements/{id}': ownRecord(200, 200),
  // A measurement recorded in error: its teacher (who recorded it) or an administrator.
  'DELETE /api/measurements/{id}': ownRecord(200, 200),
  'GET /api/measurements/at-risk': all(200),
  'GET /api/measurements/growth/{studentId}': ownRecord(200, 200, {
    params: (w) => ({ studentId: w.ids.student }),
  }),
  'POST /api/file-upload/measurement': all(415),

  // Activities
  'GET /api/activities': all(200),
  // Activities are the teachers' own records: administrators read them, never write them.
  'POST /api/activities': ownRecord(201, 403, {
    body: (w) => ({ title: 'Painting', studentId: w.ids.student, date: today() }),
  }),
  'GET /api/activities/{id}': ownRecord(200, 200),
  'PATCH /api/activities/{id}': ownRecord(200, 403, { body: () => ({ title: 'Drawing' }) }),
  'DELETE /api/activities/{id}': ownRecord(200, 403),
  'POST /api/file-upload/activities': all(415, { admin: 403 }),

  // Home visits
  'GET /api/home-visits': all(200),
  'POST /api/home-visits': ownRecord(201, 403, {
    body: (w) => ({ studentId: w.ids.student, date: today(), duration: 30 }),
  }),
  'GET /api/home-visits/years': all(200),
  'GET /api/home-visits/pending/review': adminOnly(),
  'GET /api/home-visits/{id}': ownRecord(200, 200),
  'PATCH /api/home-visits/{id}': ownRecord(200, 403, { body: () => ({ notes: 'Changed' }) }),
  'DELETE /api/home-visits/{id}': ownRecord(200, 403),
  'PATCH /api/home-visits/{id}/approve': adminOnly(200, { body: () => ({}) }),
  'PATCH /api/home-visits/{id}/reject': adminOnly(200, { body: () => ({ reviewNotes: 'Too far' }) }),
  'POST /api/file-upload/home-visit': all(415, { admin: 403 }),
  'GET /api/settings': all(200),
  'PATCH /api/settings/home-visit-distance': adminOnly(200, {
    body: () => ({ distanceMeters: 60 }),
  }),
  'GET /api/geocode/reverse': all(200, { query: () => ({ latitude: '9.66', longitude: '80.02' }) }),

  // Gifts
  'GET /api/gifts': all(200),
  'POST /api/gifts/bulk-assign': adminOnly(201, {
    body: (w) => ({
      gifts: [
        { studentId: w.studentCode, giftId: `MG-${Date.now()}-${++n}`, giftAmount: 5, giftDate: today() },
      ],
    }),
  }),
  'GET /api/gifts/{id}': ownRecord(200, 200),
  'PATCH /api/gifts/{id}': adminOnly(200, { body: () => ({ name: 'Books' }) }),
  'DELETE /api/gifts/{id}': adminOnly(200),
  'PATCH /api/gifts/{id}/deliver-with-evidence': ownRecord(200, 200),
  'PATCH /api/gifts/{id}/cancel': ownRecord(200, 200, { body: () => ({}) }),

  // Leaves
  'POST /api/leaves/apply': {
    anonymous: 401,
    teacherB: 201,
    teacherA: 201,
    admin: 403,
    body: () => ({ startDate: addDays(today(), 30), reason: 'Family event' }),
  },
  'GET /api/leaves': all(200, { query: () => ({ startDate: today(), endDate: addDays(today(), 60) }) }),
  'GET /api/leaves/all': adminOnly(),
  'GET /api/leaves/summary': all(200),
  'GET /api/leaves/teacher/{teacherId}': { anonymous: 401, teacherB: 403, teacherA: 200, admin: 200 },
  'GET /api/leaves/today-tomorrow': adminOnly(),
  'GET /api/leaves/analytics/monthly': adminOnly(),
  'GET /api/leaves/analytics/yearly': adminOnly(),
  'GET /api/leaves/analytics/teachers': adminOnly(),
  'GET /api/leaves/analytics/export': adminOnly(),
  'GET /api/leaves/{id}': ownRecord(200, 200),
  'PATCH /api/leaves/{id}/approve': adminOnly(200, { body: () => ({}) }),
  'PATCH /api/leaves/{id}/review': adminOnly(200, { body: () => ({ status: 'REJECTED' }) }),

  // Office location
  'GET /api/office-location/current': all(200),
  'GET /api/office-location/history': adminOnly(),
  'GET /api/office-location/defaults': adminOnly(),
  'POST /api/office-location/set': adminOnly(201, {
    body: () => ({
      latitude: 9.3064,
      longitude: 80.4037,
      radiusMeters: 50,
      confirmationCode: 'CONFIRM_TEST_LOCATION',
    }),
  }),
  'POST /api/office-location/initialize-default': adminOnly([201, 409], { body: () => ({}) }),

  // Attendance
  'POST /api/attendance/check-in': {
    anonymous: 401,
    teacherB: 201,
    teacherA: 201,
    admin: 403,
    body: () => ({}),
  },
  'POST /api/attendance/check-out': {
    anonymous: 401,
    teacherB: 409,
    teacherA: 409,
    admin: 403,
    body: () => ({}),
  },
  'GET /api/attendance/today': all(200),
  'GET /api/attendance/': {
    anonymous: 401,
    teacherB: 403,
    teacherA: 200,
    admin: 200,
    query: (w) => ({ teacherId: w.teacherA.id }),
  },
  'GET /api/attendance/monthly-stats': {
    anonymous: 401,
    teacherB: 403,
    teacherA: 200,
    admin: 200,
    query: (w) => ({ teacherId: w.teacherA.id }),
  },
  'GET /api/attendance/admin/all': adminOnly(),
  'GET /api/attendance/admin/pending': adminOnly(),
  'GET /api/attendance/admin/dashboard': adminOnly(),
  'GET /api/attendance/admin/teachers': adminOnly(),
  'GET /api/attendance/admin/teacher/{id}/attendance': adminOnly(),
  'GET /api/attendance/admin/teacher-reports': adminOnly(),
  'GET /api/attendance/admin/teacher-reports/summary': adminOnly(),
  'GET /api/attendance/admin/teacher-reports/export': adminOnly(),
  'POST /api/attendance/admin/review/{id}': adminOnly(200, { body: () => ({ status: 'APPROVED' }) }),
  'POST /api/attendance/admin/bulk-review': adminOnly(200, {
    body: (w) => ({ attendanceIds: [w.ids.attendance], status: 'APPROVED' }),
  }),

  // Deleted records
  ...Object.fromEntries(
    ['users', 'students', 'activities', 'measurements', 'home-visits'].flatMap((kind) => [
      [`GET /api/${kind}/deleted/list`, adminOnly()],
      [`POST /api/${kind}/{id}/restore`, adminOnly(200, { body: () => ({}) })],
      [`DELETE /api/${kind}/{id}/permanent`, adminOnly()],
    ]),
  ),
};

/** The `{id}` of a route: the world's record of the route's resource. */
export function defaultParams(path: string, w: World): Record<string, string> {
  const deleted = /\/(restore|permanent)$/.test(path);
  const byPrefix: [string, string, string][] = [
    ['/api/users/', w.teacherA.id, w.ids.deletedUser],
    ['/api/notifications/', w.ids.notification, w.ids.notification],
    ['/api/students/', w.ids.student, w.ids.deletedStudent],
    ['/api/measurements/', w.ids.measurement, w.ids.deletedMeasurement],
    ['/api/activities/', w.ids.activity, w.ids.deletedActivity],
    ['/api/home-visits/', w.ids.visit, w.ids.deletedVisit],
    ['/api/gifts/', w.ids.gift, w.ids.gift],
    ['/api/leaves/teacher/', w.teacherA.id, w.teacherA.id],
    ['/api/leaves/', w.ids.leave, w.ids.leave],
    ['/api/attendance/admin/teacher/', w.teacherA.id, w.teacherA.id],
    ['/api/attendance/admin/review/', w.ids.attendance, w.ids.attendance],
    ['/api/files/', w.ids.file, w.ids.file],
  ];
  const hit = byPrefix.find(([prefix]) => path.startsWith(prefix));
  const id = hit ? (deleted ? hit[2] : hit[1]) : '00000000-0000-4000-8000-000000000000';
  return { id, teacherId: id };
}
