import type { ComponentType } from 'react';

/** A page of the protected layout: its path (relative to '/') and how its code loads. */
export interface PageRoute {
  path: string;
  load: () => Promise<ComponentType>;
}

/**
 * Every protected route of spec part 2 §2.1, relative to the layout at '/'. Each page is lazy
 * (app-routes.tsx): its module (its own chunk, with what only it needs) loads on the first visit, and
 * the current page stays on screen until it is in (navigations are transitions).
 */
export const protectedRoutes: PageRoute[] = [
  {
    path: 'dashboard',
    load: () => import('../features/dashboard/pages/DashboardPage.tsx').then((m) => m.DashboardPage),
  },

  {
    path: 'users',
    load: () => import('../features/users/pages/UsersListPage.tsx').then((m) => m.UsersListPage),
  },
  {
    path: 'users/create',
    load: () => import('../features/users/pages/CreateUserPage.tsx').then((m) => m.CreateUserPage),
  },
  {
    path: 'users/:id',
    load: () => import('../features/users/pages/UserDetailPage.tsx').then((m) => m.UserDetailPage),
  },
  {
    path: 'users/:id/edit',
    load: () => import('../features/users/pages/EditUserPage.tsx').then((m) => m.EditUserPage),
  },

  {
    path: 'students',
    load: () => import('../features/students/pages/StudentsListPage.tsx').then((m) => m.StudentsListPage),
  },
  {
    path: 'students/create',
    load: () => import('../features/students/pages/CreateStudentPage.tsx').then((m) => m.CreateStudentPage),
  },
  {
    path: 'students/:id',
    load: () => import('../features/students/pages/StudentDetailPage.tsx').then((m) => m.StudentDetailPage),
  },
  {
    path: 'students/:id/edit',
    load: () => import('../features/students/pages/EditStudentPage.tsx').then((m) => m.EditStudentPage),
  },

  {
    path: 'activities',
    load: () =>
      import('../features/activities/pages/ActivitiesListPage.tsx').then((m) => m.ActivitiesListPage),
  },
  {
    path: 'activities/create',
    load: () =>
      import('../features/activities/pages/CreateActivityPage.tsx').then((m) => m.CreateActivityPage),
  },
  {
    path: 'activities/:id',
    load: () =>
      import('../features/activities/pages/ActivityDetailPage.tsx').then((m) => m.ActivityDetailPage),
  },
  {
    path: 'activities/:id/edit',
    load: () => import('../features/activities/pages/EditActivityPage.tsx').then((m) => m.EditActivityPage),
  },

  {
    path: 'measurements',
    load: () =>
      import('../features/measurements/pages/MeasurementsListPage.tsx').then((m) => m.MeasurementsListPage),
  },
  {
    path: 'measurements/create',
    load: () =>
      import('../features/measurements/pages/CreateMeasurementPage.tsx').then((m) => m.CreateMeasurementPage),
  },
  {
    path: 'measurements/status',
    load: () =>
      import('../features/measurements/pages/MeasurementStatusPage.tsx').then((m) => m.MeasurementStatusPage),
  },
  {
    path: 'measurements/:id',
    load: () =>
      import('../features/measurements/pages/MeasurementDetailPage.tsx').then((m) => m.MeasurementDetailPage),
  },

  {
    path: 'home-visits',
    load: () =>
      import('../features/home-visits/pages/HomeVisitsListPage.tsx').then((m) => m.HomeVisitsListPage),
  },
  {
    path: 'home-visits/create',
    load: () =>
      import('../features/home-visits/pages/CreateHomeVisitPage.tsx').then((m) => m.CreateHomeVisitPage),
  },
  {
    path: 'home-visits/review',
    load: () =>
      import('../features/home-visits/pages/HomeVisitReviewPage.tsx').then((m) => m.HomeVisitReviewPage),
  },
  {
    path: 'home-visits/:id',
    load: () =>
      import('../features/home-visits/pages/HomeVisitDetailPage.tsx').then((m) => m.HomeVisitDetailPage),
  },
  {
    path: 'home-visits/:id/edit',
    load: () =>
      import('../features/home-visits/pages/EditHomeVisitPage.tsx').then((m) => m.EditHomeVisitPage),
  },

  {
    path: 'gifts',
    load: () => import('../features/gifts/pages/GiftsListPage.tsx').then((m) => m.GiftsListPage),
  },
  {
    path: 'gifts/bulk-assign',
    load: () => import('../features/gifts/pages/BulkAssignGiftsPage.tsx').then((m) => m.BulkAssignGiftsPage),
  },
  {
    path: 'gifts/:id',
    load: () => import('../features/gifts/pages/GiftDetailPage.tsx').then((m) => m.GiftDetailPage),
  },
  {
    path: 'gifts/:id/edit',
    load: () => import('../features/gifts/pages/EditGiftPage.tsx').then((m) => m.EditGiftPage),
  },

  {
    path: 'attendance',
    load: () => import('../features/attendance/pages/AttendancePage.tsx').then((m) => m.AttendancePage),
  },

  {
    path: 'outbox',
    load: () => import('../features/outbox/pages/OutboxPage.tsx').then((m) => m.OutboxPage),
  },

  {
    path: 'leaves',
    load: () => import('../features/leaves/pages/LeavesListPage.tsx').then((m) => m.LeavesListPage),
  },
  {
    path: 'leaves/apply',
    load: () => import('../features/leaves/pages/ApplyLeavePage.tsx').then((m) => m.ApplyLeavePage),
  },
  {
    path: 'leaves/dashboard',
    load: () => import('../features/leaves/pages/LeaveDashboardPage.tsx').then((m) => m.LeaveDashboardPage),
  },
  {
    path: 'leaves/:id/review',
    load: () => import('../features/leaves/pages/LeaveReviewPage.tsx').then((m) => m.LeaveReviewPage),
  },

  {
    path: 'notifications',
    load: () =>
      import('../features/notifications/pages/NotificationsPage.tsx').then((m) => m.NotificationsPage),
  },
  {
    path: 'profile',
    load: () => import('../features/profile/pages/ProfilePage.tsx').then((m) => m.ProfilePage),
  },

  {
    path: 'admin/deleted-records',
    load: () =>
      import('../features/deleted-records/pages/DeletedRecordsPage.tsx').then((m) => m.DeletedRecordsPage),
  },
  {
    path: 'admin/audit',
    load: () => import('../features/audit/pages/AuditTrailPage.tsx').then((m) => m.AuditTrailPage),
  },
  {
    path: 'admin/office-location',
    load: () =>
      import('../features/office-location/pages/OfficeLocationPage.tsx').then((m) => m.OfficeLocationPage),
  },
  {
    path: 'admin/attendance-review',
    load: () =>
      import('../features/attendance/pages/AttendanceReviewPage.tsx').then((m) => m.AttendanceReviewPage),
  },
  {
    path: 'admin/teacher-attendance-report',
    load: () =>
      import('../features/attendance/pages/TeacherAttendanceReportPage.tsx').then(
        (m) => m.TeacherAttendanceReportPage,
      ),
  },
];
