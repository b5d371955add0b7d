import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startBackupJob } from './db/backups.ts';
import { lockDataDir } from './db/lock.ts';
import { startStatisticsJob } from './db/maintenance.ts';
import { firstAdminSetupNotice } from './modules/auth/auth.setup.ts';
import { startFileSweepJob } from './modules/files/files.jobs.ts';
import { startIdempotencyKeySweepJob } from './modules/idempotency/idempotency.jobs.ts';
import { startGrowthJob } from './modules/measurements/growth.jobs.ts';
import { startCategoryJob } from './modules/students/students.jobs.ts';
import { adminBootstrapped } from './modules/users/users.repo.ts';

async function main() {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });

  // The embedded database allows one process: refuse a second one on the same DATA_DIR.
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing the server and the database`);
    try {
      await app.close();
      await release?.();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  // The embedded database's thread stopped: no request can be answered any more. Exit with an error, so
  // that the supervisor (systemd, a container) starts the server again on the same DATA_DIR.
  void app.database.failed?.then((reason) => {
    app.log.fatal({ err: reason }, 'the embedded database stopped: exiting');
    process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  startCategoryJob(app);
  startFileSweepJob(app);
  startGrowthJob(app);
  startIdempotencyKeySweepJob(app);
  startStatisticsJob(app);
  startBackupJob(app);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${path.join(config.dataDir, 'db')}`;
  app.log.info(`Serving app and API at ${config.publicUrl} — database: ${where}`);
  if (!config.smtpUrl)
    app.log.info('No SMTP_URL set: emails (registration and reset codes) are printed here.');
  // Until the programme has an administrator: how to register the first one (with FIRST_ADMIN_SETUP=token,
  // the setup token; the same on every start and instance, as it is derived from the secret).
  const firstAdmin = firstAdminSetupNotice(config, await adminBootstrapped(app.db));
  if (firstAdmin) app.log[firstAdmin.level](firstAdmin.message);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
