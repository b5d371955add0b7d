import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  /** Administrators only. */
  totalTeachers: z.number().int().optional(),
  /** Administrators: every student; teachers: their own. */
  totalStudents: z.number().int(),
  /** Teachers only: the students assigned to them. */
  assignedStudents: z.number().int().optional(),
  totalActivities: z.number().int(),
  pendingGifts: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
