import { lazyPart } from '../../../components/LazyPart.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { AdminOnly } from '../../../components/AdminOnly.tsx';

/** The charts (recharts) stay out of the main bundle: they load with this page, for administrators. */
const LeaveAnalytics = lazyPart(() => import('../components/LeaveAnalytics.tsx'), 'The leave analytics');

/** /leaves/dashboard (spec part 2 §2.4 "Leave analytics"): administrators only. */
export function LeaveDashboardPage() {
  return (
    <AdminOnly title="Leave Analytics">
      <LeaveAnalytics loading={<PageLoader label="Loading leave analytics" />} />
    </AdminOnly>
  );
}
