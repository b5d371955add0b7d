import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { AdminOnly } from '../../users/components/AdminOnly.tsx';

/** The charts (recharts) stay out of the main bundle: they load with this page, for administrators. */
const LeaveAnalytics = lazy(() => import('../components/LeaveAnalytics.tsx'));

/** /leaves/dashboard (spec part 2 §2.4 "Leave analytics"): administrators only. */
export function LeaveDashboardPage() {
  return (
    <AdminOnly title="Leave Analytics">
      <Suspense fallback={<PageLoader label="Loading leave analytics" />}>
        <LeaveAnalytics />
      </Suspense>
    </AdminOnly>
  );
}
