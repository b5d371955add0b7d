import { and, eq, getTableColumns, gt, inArray, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activities,
  gifts,
  homeVisits,
  measurements,
  revokedSessions,
  storedFiles,
  students,
  users,
} from '../../db/schema.ts';

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

/** The records that carry files, in their `photos`. */
const recordsWithFiles = { activities, measurements, homeVisits };

/** True when any of the files is on some record of `kind` other than `exceptId` (deleted ones too). */
export async function filesInUse(
  tx: DbOrTx,
  kind: keyof typeof recordsWithFiles,
  fileIds: string[],
  exceptId?: string,
): Promise<boolean> {
  if (fileIds.length === 0) return false;
  const records = recordsWithFiles[kind];
  const [row] = await tx
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        sql`${records.photos} ?| array[${sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
        exceptId ? ne(records.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Name, type and size of stored files (the rows that exist among `ids`). */
export async function findStoredFiles(db: DbOrTx, ids: string[]): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.id, ids));
}

/** No record — live or soft-deleted, which may yet be restored — points at the file. */
const unreferenced = sql`not exists (select 1 from ${users} where ${users.profilePictureFileId} = ${storedFiles.id})
  and not exists (select 1 from ${gifts} where ${gifts.evidenceFileId} = ${storedFiles.id})
  and not exists (select 1 from ${activities} where ${activities.photos} @> jsonb_build_array(${storedFiles.id}::text))
  and not exists (select 1 from ${measurements} where ${measurements.photos} @> jsonb_build_array(${storedFiles.id}::text))
  and not exists (select 1 from ${homeVisits} where ${homeVisits.photos} @> jsonb_build_array(${storedFiles.id}::text))`;

/**
 * Whether the rows (a FROM clause with its conditions) are there, as `count(*) > 0` rather than EXISTS:
 * the planner expects `photos @> …` to match many rows, so for an EXISTS it reads the table in order,
 * hoping to stop at the first, and for a photo on one activity of a million it read them all; counting
 * makes it take the photos' GIN index, which finds the one.
 */
const any = (rows: SQL) => sql`((select count(*) from ${rows}) > 0)`;

const photosHold = (photos: AnyColumn) => sql`${photos} @> jsonb_build_array(${storedFiles.id}::text)`;

/**
 * A live (not deleted) student is the student of one of the rows: their ids gathered first (an array,
 * so nothing tempts the planner to join every student), then looked up by key.
 */
const ofLiveStudent = (studentId: AnyColumn, rows: SQL) =>
  any(sql`${students} where ${students.id} = any(array(select ${studentId} from ${rows}))
    and ${students.deletedAt} is null`);

/**
 * A live record shows the file: one not deleted, whose student is not deleted either (the lists never
 * show a deleted student's records), of the kind the file's purpose names, each found through an index
 * (a profile picture's owner is the user whose picture it is; the photo lists' GIN indexes; the gifts'
 * evidence index). A purpose no record kind stores is never shown. The purposes are the upload routes'
 * (the users, gifts, activities, measurements and home visits services).
 */
const onLiveRecord = sql`case ${storedFiles.purpose}
  when 'profile-picture' then ${any(sql`${users} where ${users.id} = ${storedFiles.ownerId}
    and ${users.profilePictureFileId} = ${storedFiles.id} and ${users.deletedAt} is null`)}
  when 'gift-evidence' then ${ofLiveStudent(
    gifts.studentId,
    sql`${gifts} where ${gifts.evidenceFileId} = ${storedFiles.id} and ${gifts.deletedAt} is null`,
  )}
  when 'activity-photo' then ${ofLiveStudent(
    activities.studentId,
    sql`${activities} where ${photosHold(activities.photos)} and ${activities.deletedAt} is null`,
  )}
  when 'measurement-photo' then ${ofLiveStudent(
    measurements.studentId,
    sql`${measurements} where ${photosHold(measurements.photos)} and ${measurements.deletedAt} is null`,
  )}
  when 'home-visit-file' then ${ofLiveStudent(
    homeVisits.studentId,
    sql`${homeVisits} where ${photosHold(homeVisits.photos)} and ${homeVisits.deletedAt} is null`,
  )}
  else false end`;

/** No record, live or deleted, holds the file (as `unreferenced`, counted for the same reason as `any`). */
const heldByNone = sql`not ${any(sql`${users} where ${users.profilePictureFileId} = ${storedFiles.id}`)}
  and not ${any(sql`${gifts} where ${gifts.evidenceFileId} = ${storedFiles.id}`)}
  and not ${any(sql`${activities} where ${photosHold(activities.photos)}`)}
  and not ${any(sql`${measurements} where ${photosHold(measurements.photos)}`)}
  and not ${any(sql`${homeVisits} where ${photosHold(homeVisits.photos)}`)}`;

/** The stored file a download link names, with what the link may still open. */
export interface LinkedFile {
  file: StoredFile;
  /** The link's session is not signed out, and its user is live, active and of the same token version. */
  sessionLive: boolean;
  /** A live record shows the file, or it is the link's user's own upload no record holds yet, still fresh. */
  reachable: boolean;
}

/**
 * One statement for every download (a page of pictures makes many): the file, whether the link's
 * session still stands, and whether anything lets the file be shown. An upload no record points at
 * (live or deleted) is its uploader's for `freshSince` onwards, so the form that attaches it can show it.
 */
export async function findLinkedFile(
  db: DbOrTx,
  link: { fileId: string; userId: string; sessionId: string; tokenVersion: number },
  freshSince: Date,
): Promise<LinkedFile | undefined> {
  const [row] = await db
    .select({
      file: getTableColumns(storedFiles),
      sessionLive: sql<boolean>`(exists (select 1 from ${users} where ${users.id} = ${link.userId}
        and ${users.deletedAt} is null and ${users.isActive} and ${users.tokenVersion} = ${link.tokenVersion})
        and not exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${link.sessionId}))`,
      reachable: sql<boolean>`(${onLiveRecord} or (${and(
        eq(storedFiles.ownerId, link.userId),
        gt(storedFiles.createdAt, freshSince),
        heldByNone,
      )}))`,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, link.fileId));
  return row;
}

/**
 * Deletes up to `limit` stored-file rows made before `before` that no record points at, and answers
 * them (their storage keys: the objects go after the commit; the rest: the trail's entries). The
 * candidates are locked first (skipping any a record is claiming right now), then checked again in a
 * statement of their own, so a claim that committed meanwhile keeps its file.
 */
export async function deleteUnreferencedFiles(tx: DbOrTx, before: Date, limit: number) {
  const candidates = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(lt(storedFiles.createdAt, before), unreferenced))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (candidates.length === 0) return [];
  const rows = await tx
    .delete(storedFiles)
    .where(
      and(
        inArray(
          storedFiles.id,
          candidates.map((c) => c.id),
        ),
        unreferenced,
      ),
    )
    .returning({
      id: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalName: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      purpose: storedFiles.purpose,
      ownerId: storedFiles.ownerId,
    });
  return rows;
}

/** Of the storage keys, those that have a row. */
export async function knownStorageKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}
