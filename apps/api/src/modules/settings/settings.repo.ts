import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The auto-approval distance threshold (metres); the migration creates the settings row. */
export async function distanceThreshold(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db
    .select({ threshold: settings.homeVisitDistanceThreshold })
    .from(settings)
    .where(eq(settings.id, 1));
  return row?.threshold;
}

export async function setDistanceThreshold(db: DbOrTx, meters: number, adminId: string): Promise<number> {
  const [row] = await db
    .insert(settings)
    .values({ id: 1, homeVisitDistanceThreshold: meters, updatedById: adminId })
    .onConflictDoUpdate({
      target: settings.id,
      set: { homeVisitDistanceThreshold: meters, updatedById: adminId, updatedAt: new Date() },
    })
    .returning({ threshold: settings.homeVisitDistanceThreshold });
  return row.threshold;
}
