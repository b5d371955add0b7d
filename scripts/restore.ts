/**
 * `npm run restore -- <backup file>`: puts a backup of the embedded database (db/backups.ts) in place of
 * DATA_DIR/db, with the server stopped. Without a file: lists the backups in BACKUP_DIR.
 */
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { listBackups, restoreBackup } from '../apps/api/src/db/backups.ts';
import { lockDataDir } from '../apps/api/src/db/lock.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: the server uses a PostgreSQL server, whose backups are that server’s own ' +
      '(pg_dump and pg_restore). This command restores the embedded database only.',
  );
  process.exit(1);
}

const file = process.argv[2];
if (!file) {
  const backups = await listBackups(config.backup.dir);
  if (!backups.length) {
    console.log(`No backups in ${config.backup.dir}.`);
  } else {
    console.log(`Backups in ${config.backup.dir}, newest first:`);
    for (const b of backups) {
      console.log(`  ${path.basename(b.file)}  ${(b.bytes / 1024 / 1024).toFixed(1)} MB`);
    }
    console.log('\nStop the server, then: npm run restore -- <file>');
  }
  process.exit(0);
}

// Exits with a message while the server (or another script) uses the data folder.
const release = await lockDataDir(config.dataDir);
try {
  const source = path.resolve(config.backup.dir, file);
  const done = await restoreBackup(source, path.join(config.dataDir, 'db'));
  console.log(`Restored ${source}: ${done.users} users, ${done.students} students.`);
  if (done.keptAt) console.log(`The database it replaced is kept in ${done.keptAt}.`);
  console.log('Start the server again (npm start).');
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await release();
}
