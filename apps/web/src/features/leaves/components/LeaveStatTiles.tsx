import type { LeaveSummary } from '@csp/contracts';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconFileText } from '@tabler/icons-react';
import { FigureTiles } from '../../../components/FigureTiles.tsx';

/** The list's stat tiles (spec part 2 §2.4): Total, Pending, Approved, Rejected. */
export function LeaveStatTiles({ summary, failed }: { summary: LeaveSummary | undefined; failed: boolean }) {
  return (
    <FigureTiles
      failed={failed}
      figures={[
        { label: 'Total', value: summary?.total, icon: IconFileText, color: 'indigo' },
        { label: 'Pending', value: summary?.pending, icon: IconClockHour4, color: 'yellow' },
        { label: 'Approved', value: summary?.approved, icon: IconCircleCheck, color: 'green' },
        { label: 'Rejected', value: summary?.rejected, icon: IconCircleX, color: 'red' },
      ]}
    />
  );
}
