import type { PGlite } from '@electric-sql/pglite';

/**
 * A snapshot of an embedded database, for its backups (db/backups.ts): a CHECKPOINT, so the files hold
 * every commit and opening the snapshot has little to replay, then PGlite's gzipped tarball of its
 * folder, taken while no transaction is open. (PGlite's dumpDataDir waits only for the statement in
 * progress; its transaction mutex also waits for an open transaction's end.)
 */
export async function snapshotOf(pg: PGlite): Promise<ArrayBuffer> {
  await pg.exec('CHECKPOINT');
  const tar = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
  return tar.arrayBuffer();
}
