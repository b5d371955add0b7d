import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

const gzipAsync = promisify(gzip);

/**
 * A snapshot of an embedded database, for its backups (db/backups.ts): a CHECKPOINT, so the files hold
 * every commit and opening the snapshot has little to replay, then PGlite's tarball of its folder, taken
 * while no transaction is open. (PGlite's dumpDataDir waits only for the statement in progress; its
 * transaction mutex also waits for an open transaction's end.) The tarball is compressed after the
 * database is free again, on Node's thread pool: requests wait for the copy only, not the compression.
 */
export async function snapshotOf(pg: PGlite): Promise<ArrayBuffer> {
  await pg.exec('CHECKPOINT');
  const tar = await pg._runExclusiveTransaction(() => pg.dumpDataDir('none'));
  const compressed = await gzipAsync(new Uint8Array(await tar.arrayBuffer()));
  return compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.byteLength);
}
