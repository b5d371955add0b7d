import type { RouteObject } from 'react-router';

/**
 * Every protected route of spec part 2 §2.1, relative to the layout at '/'. Each page is a lazy route:
 * its module (its own chunk, with what only it needs) loads on the first visit, and React Router keeps
 * the current page on screen until it is in.
 */
export const protectedRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () =>
      import('../features/dashboard/pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage })),
  },

  {
    path: 'users',
    lazy: () =>
      import('../features/users/pages/UsersListPage.tsx').then((m) => ({ Component: m.UsersListPage })),
  },
  {
    path: 'users/create',
    lazy: () =>
      import('../features/users/pages/CreateUserPage.tsx').then((m) => ({ Component: m.CreateUserPage })),
  },
  {
    path: 'users/:id',
    lazy: () =>
      import('../features/users/pages/UserDetailPage.tsx').then((m) => ({ Component: m.UserDetailPage })),
  },
  {
    path: 'users/:id/edit',
    lazy: () =>
      import('../features/users/pages/EditUserPage.tsx').then((m) => ({ Component: m.EditUserPage })),
  },

  {
    path: 'students',
    lazy: () =>
      import('../features/students/pages/StudentsListPage.tsx').then((m) => ({
        Component: m.StudentsListPage,
      })),
  },
  {
    path: 'students/create',
    lazy: () =>
      import('../features/students/pages/CreateStudentPage.tsx').then((m) => ({
        Component: m.CreateStudentPage,
      })),
  },
  {
    path: 'students/:id',
    lazy: () =>
      import('../features/students/pages/StudentDetailPage.tsx').then((m) => ({
        Component: m.StudentDetailPage,
      })),
  },
  {
    path: 'students/:id/edit',
    lazy: () =>
      import('../features/students/pages/EditStudentPage.tsx').then((m) => ({
        Component: m.EditStudentPage,
      })),
  },

  {
    path: 'activities',
    lazy: () =>
      import('../features/activities/pages/ActivitiesListPage.tsx').then((m) => ({
        Component: m.ActivitiesListPage,
      })),
  },
  {
    path: 'activities/create',
    lazy: () =>
      import('../features/activities/pages/CreateActivityPage.tsx').then((m) => ({
        Component: m.CreateActivityPage,
      })),
  },
  {
    path: 'activities/:id',
    lazy: () =>
      import('../features/activities/pages/ActivityDetailPage.tsx').then((m) => ({
        Component: m.ActivityDetailPage,
      })),
  },
  {
    path: 'activities/:id/edit',
    lazy: () =>
      import('../features/activities/pages/EditActivityPage.tsx').then((m) => ({
        Component: m.EditActivityPage,
      })),
  },

  {
    path: 'measurements',
    lazy: () =>
      import('../features/measurements/pages/MeasurementsListPage.tsx').then((m) => ({
        Component: m.MeasurementsListPage,
      })),
  },
  {
    path: 'measurements/create',
    lazy: () =>
      import('../features/measurements/pages/CreateMeasurementPage.tsx').then((m) => ({
        Component: m.CreateMeasurementPage,
      })),
  },
  {
    path: 'measurements/status',
    lazy: () =>
      import('../features/measurements/pages/MeasurementStatusPage.tsx').then((m) => ({
        Component: m.MeasurementStatusPage,
      })),
  },
  {
    path: 'measurements/:id',
    lazy: () =>
      import('../features/measurements/pages/MeasurementDetailPage.tsx').then((m) => ({
        Component: m.MeasurementDetailPage,
      })),
  },

  {
    path: 'home-visits',
    lazy: () =>
      import('../features/home-visits/pages/HomeVisitsListPage.tsx').then((m) => ({
        Component: m.HomeVisitsListPage,
      })),
  },
  {
    path: 'home-visits/create',
    lazy: () =>
      import('../features/home-visits/pages/CreateHomeVisitPage.tsx').then((m) => ({
        Component: m.CreateHomeVisitPage,
      })),
  },
  {
    path: 'home-visits/review',
    lazy: () =>
      import('../features/home-visits/pages/HomeVisitReviewPage.tsx').then((m) => ({
        Component: m.HomeVisitReviewPage,
      })),
  },
  {
    path: 'home-visits/:id',
    lazy: () =>
      import('../features/home-visits/pages/HomeVisitDetailPage.tsx').then((m) => ({
        Component: m.HomeVisitDetailPage,
      })),
  },
  {
    path: 'home-visits/:id/edit',
    lazy: () =>
      import('../features/home-visits/pages/EditHomeVisitPage.tsx').then((m) => ({
        Component: m.EditHomeVisitPage,
      })),
  },

  {
    path: 'gifts',
    lazy: () =>
      import('../features/gifts/pages/GiftsListPage.tsx').then((m) => ({ Component: m.GiftsListPage })),
  },
  {
    path: 'gifts/bulk-assign',
    lazy: () =>
      import('../features/gifts/pages/BulkAssignGiftsPage.tsx').then((m) => ({
        Component: m.BulkAssignGiftsPage,
      })),
  },
  {
    path: 'gifts/:id',
    lazy: () =>
      import('../features/gifts/pages/GiftDetailPage.tsx').then((m) => ({ Component: m.GiftDetailPage })),
  },
  {
    path: 'gifts/:id/edit',
    lazy: () =>
      import('../features/gifts/pages/EditGiftPage.tsx').then((m) => ({ Component: m.EditGiftPage })),
  },

  {
    path: 'attendance',
    lazy: () =>
      import('../features/attendance/pages/AttendancePage.tsx').then((m) => ({
        Component: m.AttendancePage,
      })),
  },

  {
    path: 'leaves',
    lazy: () =>
      import('../features/leaves/pages/LeavesListPage.tsx').then((m) => ({ Component: m.LeavesListPage })),
  },
  {
    path: 'leaves/apply',
    lazy: () =>
      import('../features/leaves/pages/ApplyLeavePage.tsx').then((m) => ({ Component: m.ApplyLeavePage })),
  },
  {
    path: 'leaves/dashboard',
    lazy: () =>
      import('../features/leaves/pages/LeaveDashboardPage.tsx').then((m) => ({
        Component: m.LeaveDashboardPage,
      })),
  },
  {
    path: 'leaves/:id/review',
    lazy: () =>
      import('../features/leaves/pages/LeaveReviewPage.tsx').then((m) => ({ Component: m.LeaveReviewPage })),
  },

  {
    path: 'notifications',
    lazy: () =>
      import('../features/notifications/pages/NotificationsPage.tsx').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    path: 'profile',
    lazy: () =>
      import('../features/profile/pages/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
  },

  {
    path: 'admin/deleted-records',
    lazy: () =>
      import('../features/deleted-records/pages/DeletedRecordsPage.tsx').then((m) => ({
        Component: m.DeletedRecordsPage,
      })),
  },
  {
    path: 'admin/audit',
    lazy: () =>
      import('../features/audit/pages/AuditTrailPage.tsx').then((m) => ({ Component: m.AuditTrailPage })),
  },
  {
    path: 'admin/office-location',
    lazy: () =>
      import('../features/office-location/pages/OfficeLocationPage.tsx').then((m) => ({
        Component: m.OfficeLocationPage,
      })),
  },
  {
    path: 'admin/attendance-review',
    lazy: () =>
      import('../features/attendance/pages/AttendanceReviewPage.tsx').then((m) => ({
        Component: m.AttendanceReviewPage,
      })),
  },
  {
    path: 'admin/teacher-attendance-report',
    lazy: () =>
      import('../features/attendance/pages/TeacherAttendanceReportPage.tsx').then((m) => ({
        Component: m.TeacherAttendanceReportPage,
      })),
  },
];
