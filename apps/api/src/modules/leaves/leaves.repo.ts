import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leaves, users } from '../../db/schema.ts';

/** Approved leaves overlapping the inclusive range [from, to], with their teacher. */
export async function approvedLeavesOverlapping(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: leaves.id,
      reason: leaves.reason,
      startDate: leaves.startDate,
      endDate: leaves.endDate,
      teacher: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(leaves)
    .innerJoin(users, eq(users.id, leaves.teacherId))
    .where(and(eq(leaves.status, 'APPROVED'), lte(leaves.startDate, to), gte(leaves.endDate, from)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(leaves.startDate));
}
