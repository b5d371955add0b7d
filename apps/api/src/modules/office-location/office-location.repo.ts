import { aliasedTable, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { officeLocations, users } from '../../db/schema.ts';
import type { Page } from '../../lib/paging.ts';

export type OfficeLocationRow = typeof officeLocations.$inferSelect;

export interface OfficeLocationWithSetter {
  location: OfficeLocationRow;
  /** Null (left join) when the administrator's account is gone. */
  setBy: { firstName: string | null; lastName: string | null } | null;
}

const setter = aliasedTable(users, 'setter');

function selectLocations(db: DbOrTx) {
  return db
    .select({ location: officeLocations, setBy: { firstName: setter.firstName, lastName: setter.lastName } })
    .from(officeLocations)
    .leftJoin(setter, eq(setter.id, officeLocations.setById));
}

/** The active office location, if one is set. */
export async function activeOfficeLocation(db: DbOrTx): Promise<OfficeLocationWithSetter | undefined> {
  const [row] = await selectLocations(db).where(eq(officeLocations.isActive, true));
  return row;
}

/** Every location ever set, newest first. */
export async function officeLocationHistory(db: DbOrTx, page?: Page): Promise<OfficeLocationWithSetter[]> {
  const q = selectLocations(db).orderBy(desc(officeLocations.createdAt), desc(officeLocations.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countOfficeLocations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(officeLocations);
  return row.n;
}

/** Makes the given location the only active one: the old one is deactivated in the same transaction. */
export async function replaceActiveOfficeLocation(
  tx: DbOrTx,
  values: Pick<
    typeof officeLocations.$inferInsert,
    'latitude' | 'longitude' | 'address' | 'radiusMeters' | 'setById'
  >,
): Promise<string> {
  await tx.update(officeLocations).set({ isActive: false }).where(eq(officeLocations.isActive, true));
  const [row] = await tx
    .insert(officeLocations)
    .values({ ...values, isActive: true })
    .returning({ id: officeLocations.id });
  return row.id;
}

export async function findOfficeLocation(
  db: DbOrTx,
  id: string,
): Promise<OfficeLocationWithSetter | undefined> {
  const [row] = await selectLocations(db).where(eq(officeLocations.id, id));
  return row;
}
