import { z } from 'zod';

export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

export const dashboardLeaveSchema = z.object({
  id: z.string(),
  teacher: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  reason: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type DashboardLeave = z.infer<typeof dashboardLeaveSchema>;

export const todayTomorrowLeavesSchema = z.object({
  today: z.array(dashboardLeaveSchema),
  tomorrow: z.array(dashboardLeaveSchema),
});
export type TodayTomorrowLeaves = z.infer<typeof todayTomorrowLeavesSchema>;
