import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema.ts';

export type StoredFile = typeof storedFiles.$inferSelect;
export type NewStoredFile = typeof storedFiles.$inferInsert;

export async function insertStoredFile(db: DbOrTx, row: NewStoredFile): Promise<StoredFile> {
  const [created] = await db.insert(storedFiles).values(row).returning();
  return created;
}

export async function findStoredFile(db: DbOrTx, id: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

/** Deletes the rows and answers their storage keys (so the caller can remove the objects after commit). */
export async function deleteStoredFileRows(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(storedFiles)
    .where(inArray(storedFiles.id, ids))
    .returning({ storageKey: storedFiles.storageKey });
  return rows.map((r) => r.storageKey);
}

/**
 * Locks the stored files `ids` for the rest of the transaction (two records claiming the same upload
 * queue up) and answers how many of them are uploads of `purpose` by `ownerId`.
 */
export async function lockOwnUploads(
  tx: DbOrTx,
  ids: string[],
  purpose: string,
  ownerId: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(inArray(storedFiles.id, ids), eq(storedFiles.purpose, purpose), eq(storedFiles.ownerId, ownerId)),
    )
    .for('update');
  return rows.length;
}

/** Name, type and size of stored files (the rows that exist among `ids`). */
export async function findStoredFiles(db: DbOrTx, ids: string[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}
