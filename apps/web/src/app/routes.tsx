import type { RouteObject } from 'react-router';
import { ActivitiesListPage } from '../features/activities/pages/ActivitiesListPage.tsx';
import { ActivityDetailPage } from '../features/activities/pages/ActivityDetailPage.tsx';
import { CreateActivityPage } from '../features/activities/pages/CreateActivityPage.tsx';
import { EditActivityPage } from '../features/activities/pages/EditActivityPage.tsx';
import { AuditTrailPage } from '../features/audit/pages/AuditTrailPage.tsx';
import { AttendancePage } from '../features/attendance/pages/AttendancePage.tsx';
import { AttendanceReviewPage } from '../features/attendance/pages/AttendanceReviewPage.tsx';
import { TeacherAttendanceReportPage } from '../features/attendance/pages/TeacherAttendanceReportPage.tsx';
import { DashboardPage } from '../features/dashboard/pages/DashboardPage.tsx';
import { DeletedRecordsPage } from '../features/deleted-records/pages/DeletedRecordsPage.tsx';
import { BulkAssignGiftsPage } from '../features/gifts/pages/BulkAssignGiftsPage.tsx';
import { EditGiftPage } from '../features/gifts/pages/EditGiftPage.tsx';
import { GiftDetailPage } from '../features/gifts/pages/GiftDetailPage.tsx';
import { GiftsListPage } from '../features/gifts/pages/GiftsListPage.tsx';
import { CreateHomeVisitPage } from '../features/home-visits/pages/CreateHomeVisitPage.tsx';
import { EditHomeVisitPage } from '../features/home-visits/pages/EditHomeVisitPage.tsx';
import { HomeVisitDetailPage } from '../features/home-visits/pages/HomeVisitDetailPage.tsx';
import { HomeVisitReviewPage } from '../features/home-visits/pages/HomeVisitReviewPage.tsx';
import { HomeVisitsListPage } from '../features/home-visits/pages/HomeVisitsListPage.tsx';
import { ApplyLeavePage } from '../features/leaves/pages/ApplyLeavePage.tsx';
import { LeaveDashboardPage } from '../features/leaves/pages/LeaveDashboardPage.tsx';
import { LeaveReviewPage } from '../features/leaves/pages/LeaveReviewPage.tsx';
import { LeavesListPage } from '../features/leaves/pages/LeavesListPage.tsx';
import { CreateMeasurementPage } from '../features/measurements/pages/CreateMeasurementPage.tsx';
import { MeasurementDetailPage } from '../features/measurements/pages/MeasurementDetailPage.tsx';
import { MeasurementsListPage } from '../features/measurements/pages/MeasurementsListPage.tsx';
import { MeasurementStatusPage } from '../features/measurements/pages/MeasurementStatusPage.tsx';
import { NotificationsPage } from '../features/notifications/pages/NotificationsPage.tsx';
import { OfficeLocationPage } from '../features/office-location/pages/OfficeLocationPage.tsx';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';
import { CreateStudentPage } from '../features/students/pages/CreateStudentPage.tsx';
import { EditStudentPage } from '../features/students/pages/EditStudentPage.tsx';
import { StudentDetailPage } from '../features/students/pages/StudentDetailPage.tsx';
import { StudentsListPage } from '../features/students/pages/StudentsListPage.tsx';
import { CreateUserPage } from '../features/users/pages/CreateUserPage.tsx';
import { EditUserPage } from '../features/users/pages/EditUserPage.tsx';
import { UserDetailPage } from '../features/users/pages/UserDetailPage.tsx';
import { UsersListPage } from '../features/users/pages/UsersListPage.tsx';

/** Every protected route of spec part 2 §2.1, relative to the layout at '/'. */
export const protectedRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },

  { path: 'users', element: <UsersListPage /> },
  { path: 'users/create', element: <CreateUserPage /> },
  { path: 'users/:id', element: <UserDetailPage /> },
  { path: 'users/:id/edit', element: <EditUserPage /> },

  { path: 'students', element: <StudentsListPage /> },
  { path: 'students/create', element: <CreateStudentPage /> },
  { path: 'students/:id', element: <StudentDetailPage /> },
  { path: 'students/:id/edit', element: <EditStudentPage /> },

  { path: 'activities', element: <ActivitiesListPage /> },
  { path: 'activities/create', element: <CreateActivityPage /> },
  { path: 'activities/:id', element: <ActivityDetailPage /> },
  { path: 'activities/:id/edit', element: <EditActivityPage /> },

  { path: 'measurements', element: <MeasurementsListPage /> },
  { path: 'measurements/create', element: <CreateMeasurementPage /> },
  { path: 'measurements/status', element: <MeasurementStatusPage /> },
  { path: 'measurements/:id', element: <MeasurementDetailPage /> },

  { path: 'home-visits', element: <HomeVisitsListPage /> },
  { path: 'home-visits/create', element: <CreateHomeVisitPage /> },
  { path: 'home-visits/review', element: <HomeVisitReviewPage /> },
  { path: 'home-visits/:id', element: <HomeVisitDetailPage /> },
  { path: 'home-visits/:id/edit', element: <EditHomeVisitPage /> },

  { path: 'gifts', element: <GiftsListPage /> },
  { path: 'gifts/bulk-assign', element: <BulkAssignGiftsPage /> },
  { path: 'gifts/:id', element: <GiftDetailPage /> },
  { path: 'gifts/:id/edit', element: <EditGiftPage /> },

  { path: 'attendance', element: <AttendancePage /> },

  { path: 'leaves', element: <LeavesListPage /> },
  { path: 'leaves/apply', element: <ApplyLeavePage /> },
  { path: 'leaves/dashboard', element: <LeaveDashboardPage /> },
  { path: 'leaves/:id/review', element: <LeaveReviewPage /> },

  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'profile', element: <ProfilePage /> },

  { path: 'admin/deleted-records', element: <DeletedRecordsPage /> },
  { path: 'admin/audit', element: <AuditTrailPage /> },
  { path: 'admin/office-location', element: <OfficeLocationPage /> },
  { path: 'admin/attendance-review', element: <AttendanceReviewPage /> },
  { path: 'admin/teacher-attendance-report', element: <TeacherAttendanceReportPage /> },
];
